"""Alembic environment: always run against the engine memcurator hands in."""

from __future__ import annotations

from alembic import context

from store.tables import Base

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
