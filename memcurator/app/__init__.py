"""The units of work: ingest (``app.ingest``) and the nightly pass (``app.nightly``).

Each loads rows from the store, asks the pure policy in ``memcurator`` what to do, and has
the store write the decisions, in one transaction. This is the only package that holds a
transaction and calls the policy; ``app.retry`` says once which faults are retried, how often.
"""
