"""The files in deployments/ say what the code serves: ``prefect.yaml`` the deployments of
``flows.deployments.build_deployments`` (with the default settings, UTC), and
``automations.yaml`` the alerts of ``flows.alerts.alert_automations`` (30 minutes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

import yaml

from flows.alerts import alert_automations
from flows.deployments import build_deployments
from memcurator.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def load(name: str) -> Any:
    return yaml.safe_load((ROOT / "deployments" / name).read_text(encoding="utf-8"))


def test_prefect_yaml_declares_the_served_deployments() -> None:
    declared = {d["name"]: d for d in load("prefect.yaml")["deployments"]}
    served = {d.name: d for d in build_deployments(Settings(_env_file=None))}
    assert set(declared) == set(served)
    for name, deployment in served.items():
        entry = declared[name]
        assert entry["description"] == deployment.description, name
        assert entry["tags"] == deployment.tags, name
        assert entry["parameters"] == deployment.parameters, name
        assert entry["entrypoint"] == deployment.entrypoint, name
        crons = [(s["cron"], s["timezone"]) for s in entry["schedules"]]
        served_crons = [(s.schedule.cron, s.schedule.timezone) for s in deployment.schedules]
        assert crons == served_crons, name
        limit = deployment.concurrency_limit
        assert ("concurrency_limit" in entry) == (limit is not None), name
    assert "UTC" in declared["nightly"]["description"]


def test_automations_yaml_declares_the_installed_alerts() -> None:
    declared = load("automations.yaml")["automations"]
    installed = [a.model_dump(mode="json") for a in alert_automations(UUID(int=0), 30)]
    assert [a["name"] for a in declared] == [a["name"] for a in installed]
    for entry, automation in zip(declared, installed, strict=True):
        for key in ("description", "enabled"):
            assert entry[key] == automation[key], key
        trigger = automation["trigger"]
        for key, value in entry["trigger"].items():
            expected = trigger[key]
            assert (sorted(value) if isinstance(value, list) else value) == (
                sorted(expected) if isinstance(expected, list) else expected
            ), (entry["name"], key)
        assert entry["actions"] == automation["actions"], entry["name"]
