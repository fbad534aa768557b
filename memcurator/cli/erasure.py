"""``memcurator forget``: the right to erasure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from memcurator.cli.common import (
    EXIT_BUSY,
    EXIT_STORE,
    EXIT_USAGE,
    ScopeOption,
    add_command,
    fail,
    print_counts,
    require_scope,
)
from memcurator.settings import Settings

if TYPE_CHECKING:
    from sqlalchemy import Engine

# Who asked is kept in the log for good, so it is bounded and screened like any input.
MAX_REQUESTER_CHARS = 200


def forget(
    scope: ScopeOption,
    requested_by: Annotated[
        str,
        typer.Option(
            "--requested-by", help="Who asked for the erasure (kept in the erased log row)."
        ),
    ],
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="URL of the store as the tables' owner "
            "(default: MEMCURATOR_ADMIN_DATABASE_URL, else MEMCURATOR_DATABASE_URL).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Erase every memory of a scope (a person): entries, sources, topic links, and the
    content of their write-log rows, in one transaction, logged as one `erased` row.
    Broader entries (the person's team or org) are not theirs and stay. Needs the owner role.

    Example: memcurator forget --scope org_id=acme --scope user_id=u_8821 --requested-by dpo
    """
    from store.engine import StoreError, make_engine, require_current_schema
    from store.erasure import ErasureRefused, erase_scope
    from store.passlock import PassBusy

    target = require_scope(scope)
    requester = _check_requester(requested_by)
    settings = Settings()
    url = database_url or settings.admin_database_url or settings.database_url
    try:
        engine = make_engine(url)
        require_current_schema(engine)
    except StoreError as exc:
        fail(str(exc), EXIT_STORE)
    shown = " ".join(f"{level}={value}" for level, value in target.items())
    if not yes:
        _confirm(engine, target, shown)
    try:
        report = erase_scope(engine, target, requested_by=requester)
    except ErasureRefused as exc:
        fail(str(exc), EXIT_USAGE)
    except PassBusy:
        fail(
            "a consolidation pass is running on this store: nothing was erased; retry later",
            EXIT_BUSY,
        )
    seq = report.pop("erasure_seq")
    seqs = report.pop("erasure_seqs")
    print_counts(report)
    # One erased row per tenant the scope reached (a scope without an org may reach several).
    others = f"; also seq {', '.join(str(s) for s in seqs if s != seq)}" if len(seqs) > 1 else ""
    typer.echo(f"erased scope {shown}: {report['total']} rows (write log seq {seq}{others})")


def _confirm(engine: Engine, target: dict[str, str], shown: str) -> None:
    """Show what would be erased and ask; anything but a yes erases nothing."""
    from store.erasure import preview_erasure

    print_counts(preview_erasure(engine, target))
    try:
        confirmed = typer.confirm(f"Erase everything of scope {shown}? This cannot be undone")
    except typer.Abort:  # end of input: no answer is not a yes
        confirmed = False
    if not confirmed:
        fail("nothing was erased", 1)


def _check_requester(requested_by: str) -> str:
    from memcurator import privacy

    requester = " ".join(requested_by.split())
    if not requester or len(requester) > MAX_REQUESTER_CHARS:
        fail(f"--requested-by wants a name of 1 to {MAX_REQUESTER_CHARS} characters", EXIT_USAGE)
    if privacy.find_credential(requester):
        fail("--requested-by looks like it holds a credential: give a name", EXIT_USAGE)
    return requester


def register(app: typer.Typer) -> None:
    """Put this family's command on the CLI."""
    add_command(app, forget)
