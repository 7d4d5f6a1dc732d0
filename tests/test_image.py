"""The container image: built from this checkout's Containerfile and run the way the Deployment
runs it (read-only root, a small tmpfs /tmp, uid and gid 10001, no capabilities).

No registry is reachable from CI, so the base is a Debian bookworm stand-in for the official slim
image (tests/image/standin-base.sh); PHOTOSPECS_TEST_BASE_IMAGE names another base where one can
be pulled. Needs podman and debootstrap: on a machine without them the module is skipped, except
in CI (CI=true), where a missing tool fails it. It runs apart from the suite, `pytest -m image`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, free_port, local, wait_ready
from photospecs.dataset import load

TAG = "localhost/photospecs:test"
DEPLOYMENT = yaml.safe_load((ROOT / "k8s" / "deployment.yaml").read_text())
POD = DEPLOYMENT["spec"]["template"]["spec"]
(CONTAINER,) = POD["containers"]

pytestmark = pytest.mark.image  # run apart from the suite: `pytest -m image`

missing = [tool for tool in ("podman", "debootstrap") if not shutil.which(tool)]
if missing and os.environ.get("CI") != "true":
    pytest.skip(f"needs {' and '.join(missing)} (Debian: apt-get install podman debootstrap)", allow_module_level=True)


def podman(*args: str, timeout: float = 120, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(["podman", *args], capture_output=True, text=True, timeout=timeout)
    if check:
        assert result.returncode == 0, f"podman {' '.join(args)}: {result.stdout}{result.stderr}"
    return result


# podman's default open-file and process limits are higher than some hosts let a container raise
# them to; ask for modest ones, as a node's runtime gives. The health check's own timer needs
# systemd, which a CI machine may not run: the test runs the check itself (`healthcheck run`).
LIMITS = ["--ulimit", "nofile=4096:4096", "--ulimit", "nproc=4096:4096", "--health-interval", "disable"]


def mebibytes(quantity: str) -> float:
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()
    return int(number) * (1024 if unit == "Gi" else 1)


@pytest.fixture(scope="module")
def image() -> str:
    base = os.environ.get("PHOTOSPECS_TEST_BASE_IMAGE") or subprocess.run(
        ["bash", str(ROOT / "tests" / "image" / "standin-base.sh")], capture_output=True, text=True, check=True, timeout=900
    ).stdout.strip()
    # Docker format keeps the HEALTHCHECK (the OCI format has no field for it). The build stage
    # needs the network for the locked wheels, and only the build stage.
    podman(
        "build", "--format", "docker", "--network", "host", "--build-arg", f"PYTHON_IMAGE={base}",
        "-t", TAG, "-f", "Containerfile", str(ROOT), timeout=1200,
    )
    return TAG


def env_value(item: dict) -> str:
    """A variable as the kubelet fills it in: its value, or the container's memory limit in the
    divisor's units (the downward API entry the Deployment uses)."""
    if "value" in item:
        return str(item["value"])
    field = item["valueFrom"]["resourceFieldRef"]
    assert field["resource"] == "limits.memory" and field["divisor"] == "1Mi", field
    return str(int(mebibytes(CONTAINER["resources"]["limits"]["memory"])))


# The Deployment's own settings (its site URL and memory limit among them), except the port: the
# container shares the host's network here.
DEPLOYMENT_ENV = {item["name"]: env_value(item) for item in CONTAINER["env"] if item["name"] != "PHOTOSPECS_PORT"}


class Running:
    """The image as a pod runs it, on a free port of the host's loopback: with the Deployment's
    settings, or with `site_url` as the site URL instead of the Deployment's."""

    def __init__(self, image: str, site_url: str | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.site = site_url or DEPLOYMENT_ENV["PHOTOSPECS_SITE_URL"]
        env = {**DEPLOYMENT_ENV, "PHOTOSPECS_PORT": str(self.port), "PHOTOSPECS_SITE_URL": self.site}
        self.name = f"photospecs-test-{uuid.uuid4().hex[:8]}"
        security = CONTAINER["securityContext"]
        assert security["readOnlyRootFilesystem"] and security["capabilities"]["drop"] == ["ALL"]
        (tmp,) = POD["volumes"]
        podman(
            "run", "--detach", "--name", self.name, "--network", "host", "--read-only",
            "--tmpfs", f"/tmp:rw,size={tmp['emptyDir']['sizeLimit'].removesuffix('i').lower()}",
            "--user", f"{POD['securityContext']['runAsUser']}:{POD['securityContext']['runAsGroup']}",
            "--cap-drop", "ALL", "--security-opt", "no-new-privileges", *LIMITS,
            *(option for name, value in env.items() for option in ("--env", f"{name}={value}")),
            image,
        )
        self.started = time.monotonic()
        self.ready_after = self._wait_ready()

    # As long as the Deployment's startup probe allows: a pod of another site URL builds its own
    # catalog, every language's pages included.
    def _wait_ready(self, timeout: float = 120.0) -> float:
        if not wait_ready(self.url, timeout - (time.monotonic() - self.started), self._running):
            raise AssertionError("not ready in time: " + podman("logs", self.name, check=False).stderr)
        return time.monotonic() - self.started

    def _running(self) -> None:
        state = podman("inspect", "--format", "{{.State.Running}}", self.name).stdout.strip()
        assert state == "true", "the container exited: " + podman("logs", self.name).stdout + podman("logs", self.name).stderr

    def startup(self) -> dict[str, object]:
        """The service's start-up log line."""
        lines = podman("logs", self.name).stderr.splitlines()
        return next(json.loads(line) for line in lines if '"event":"startup"' in line)

    def pids(self) -> list[int]:
        return [int(pid) for pid in podman("top", self.name, "hpid").stdout.split()[1:]]

    def remove(self) -> None:
        podman("rm", "--force", "--time", "0", self.name, check=False)


@pytest.fixture(scope="module")
def running(image):
    container = Running(image)
    yield container
    container.remove()


def test_the_dataset_lives_inside_the_wheel_only(image):
    config = json.loads(podman("image", "inspect", image).stdout)[0]["Config"]
    assert not any(item.startswith("PHOTOSPECS_DATASET_DIR=") for item in config["Env"])
    where = podman(
        "run", "--rm", *LIMITS, "--entrypoint", "python3", image, "-c",
        "import importlib.resources, os; print(importlib.resources.files('photospecs.bundled')); print(os.path.exists('/srv/photospecs'))",
    ).stdout.split()
    assert where[0].endswith("site-packages/photospecs/bundled") and where[1] == "False"


def test_runs_as_the_deployment_says(running):
    assert podman("exec", running.name, "id", "-u").stdout.strip() == str(POD["securityContext"]["runAsUser"])
    assert podman("exec", running.name, "id", "-g").stdout.strip() == str(POD["securityContext"]["runAsGroup"])
    refused = podman("exec", running.name, "touch", "/srv-write-test", check=False)
    assert refused.returncode != 0 and "Read-only file system" in refused.stderr
    assert podman("exec", running.name, "touch", "/tmp/ok").returncode == 0


def test_serves_the_api_a_page_and_the_tool(running):
    spec = local.get(f"{running.url}/api/specs", params={"country": "us"}).json()
    assert spec["countries"][0]["id"] == "us"
    page = local.get(f"{running.url}/us-visa-photo")
    assert page.status_code == 200 and "<h1>" in page.text
    tool = local.get(f"{running.url}/tool", params={"country": "us", "document": "us-visa"})
    assert tool.status_code == 200 and "text/html" in tool.headers["content-type"]
    # Links are built on the site URL the container was given, not on an address of its own.
    assert f'href="{running.site}/' in page.text
    # The image serves this checkout's dataset, not a layer cached from an older build.
    served = local.get(f"{running.url}/api/specs", params={"format": "raw"}).json()["meta"]["version"]
    assert served == load(ROOT / "dataset").version


def test_a_pod_with_the_deployments_settings_loads_the_catalog_built_into_the_image(running):
    assert running.startup()["catalog"] == "prebuilt"


def test_a_pod_serving_another_site_url_builds_its_own_catalog(image):
    """The image's catalog names the Deployment's URL in every link: a pod told another site URL
    must not serve it, and builds its own instead."""
    other = Running(image, site_url="https://photos.other.example")
    try:
        assert other.startup()["catalog"] == "built"
        assert "https://photos.other.example/" in local.get(f"{other.url}/us-visa-photo").text
        logs = podman("logs", other.name).stderr
        assert "was built from other code, dataset or settings" in logs
    finally:
        other.remove()


def test_its_health_check_passes(running):
    check = json.loads(podman("image", "inspect", TAG).stdout)[0]["Healthcheck"]
    assert check["Test"] == ["CMD", "photospecs", "health"]
    assert podman("healthcheck", "run", running.name, check=False).returncode == 0


def test_an_idle_pod_fits_its_memory_request(running):
    """Proportional set size of every process in the container, after a page of each kind was
    served, against what the Deployment requests (and, with room for the drain, its limit)."""
    for path in ("/api/specs", "/api/documents/us-visa", "/us-visa-photo", "/", "/tool"):
        local.get(running.url + path)
    pss_kib = 0
    for pid in running.pids():
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        pss_kib += int(re.search(r"^Pss:\s+(\d+) kB", rollup, re.M).group(1))
    resources = CONTAINER["resources"]
    used = pss_kib / 1024
    assert used < mebibytes(resources["requests"]["memory"]), f"{used:.0f} MiB PSS"
    assert used * 1.5 < mebibytes(resources["limits"]["memory"]), f"{used:.0f} MiB PSS"


def test_sigterm_stops_it_cleanly_within_the_grace_period(image):
    container = Running(image)
    try:
        grace = POD["terminationGracePeriodSeconds"]
        started = time.monotonic()
        podman("kill", "--signal", "TERM", container.name)
        podman("wait", container.name, timeout=grace + 5)
        took = time.monotonic() - started
        code = podman("inspect", "--format", "{{.State.ExitCode}}", container.name).stdout.strip()
        assert code == "0", podman("logs", container.name).stderr
        assert took < grace, f"took {took:.1f} s"
    finally:
        container.remove()
