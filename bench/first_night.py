"""Time the first night after install at a given scale, as ``bench_nightly.py``'s case (c)
runs it (the nightly flow through Prefect, partitions on threads), without the year's backfill.

    python bench/first_night.py --pg-url URL [--users 500] [--days 365] [--repeat 2]

The never-consolidated store is synthesised once into ``<database>_first`` (``--no-build``
reuses it); each repeat runs the nightly flow for the last day of data on a template copy.
"""

from __future__ import annotations

import argparse
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_nightly import START, _night_line, create_database, database_url, drop_database, run_flow
from profile_night import never_consolidated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg-url", required=True)
    parser.add_argument("--database", default="memcurator_first_night")
    parser.add_argument("--users", type=int, default=500)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--build", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    base, run = f"{args.database}_first", f"{args.database}_run"
    never_consolidated(args.pg_url, base, args.users, args.days, build=args.build)
    last = START + timedelta(days=args.days - 1)
    try:
        for repeat in range(args.repeat):
            create_database(args.pg_url, run, template=base)
            figures = run_flow("nightly", database_url(args.pg_url, run), last, last,
                               args.partitions)  # fmt: skip
            print(f"run {repeat + 1}:")
            print("\n".join(_night_line(f"first night after install, {last}", figures)), flush=True)
    finally:
        drop_database(args.pg_url, run)


if __name__ == "__main__":
    main()
