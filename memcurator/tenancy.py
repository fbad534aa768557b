"""Tenants (SPEC "Tenancy"): the top scope level given is the tenant; ids are unique per tenant.

Rows that belong to no tenant (the rejection of a line that is not a candidate at all) carry
``NO_TENANT``: the application may append them, only the owner (operator) role reads them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from memcurator import privacy
from memcurator.schema import SCOPE_LEVELS

NO_TENANT = ""


def tenant_of(scope: Mapping[str, str]) -> str:
    """The tenant of a scope: ``org_id``, else the first level given (SPEC order)."""
    for level in SCOPE_LEVELS:
        value = scope.get(level)
        if value:
            return value
    return NO_TENANT


def tenant_of_scope_key(scope_key: str) -> str:
    """The tenant of a stored scope key (the canonical JSON of the scope)."""
    return tenant_of(json.loads(scope_key))


def screened_tenant(scope: Mapping[str, str]) -> str:
    """The tenant of a scope a rejected candidate named, or ``NO_TENANT`` when that value
    itself holds a credential or personal data (a tenant is stored in clear, in a column
    every row carries)."""
    tenant = tenant_of(scope)
    if tenant and (privacy.find_credential(tenant) or privacy.redact(tenant)[0] != tenant):
        return NO_TENANT
    return tenant
