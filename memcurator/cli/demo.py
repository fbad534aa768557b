"""``memcurator demo``: the main job end to end on the embedded SQLite default (what it runs
and shows is ``cli.demo_run``, imported only when the demo runs)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memcurator.cli.common import add_command


def demo(
    out: Annotated[
        Path, typer.Option(help="Folder for the generated stream and its store.")
    ] = Path("demo-out"),
    users: Annotated[int, typer.Option(min=1, max=500, help="Users in the generated stream.")] = 3,
    days: Annotated[int, typer.Option(min=1, max=400, help="Days of sessions to generate.")] = 10,
    seed: Annotated[
        int, typer.Option(help="Random seed; the same seed gives the same stream.")
    ] = 7,
) -> None:
    """Run the main job on a fresh SQLite store: generate, gate, show what was kept and dropped.

    The stream is the seed's worked example in miniature (chatter, restatements, guesses,
    personal data, junk lines) plus the seed's own cases.

    Example: memcurator demo --users 5 --days 30
    """
    from memcurator.cli.demo_run import run_demo

    run_demo(out=out, users=users, days=days, seed=seed)


def register(app: typer.Typer) -> None:
    """Put this family's command on the CLI."""
    add_command(app, demo)
