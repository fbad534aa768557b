"""The store: tables, engine, migrations, bulk writes and read queries. No policy decisions."""
