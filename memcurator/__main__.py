"""``python -m memcurator`` runs the CLI."""

from memcurator.cli import main

main()
