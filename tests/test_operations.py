"""What an operator relies on: the pod's environment starts the server, the container health
check follows the port, logs are JSON lines, and the review's defects stay fixed."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
import yaml
from conftest import ROOT, Server, free_port, local
from photospecs.cli import worker_count
from photospecs.settings import from_env, service_links

K8S = ROOT / "k8s"


def service_link_env(service: dict) -> dict[str, str]:
    """The variables the kubelet injects for a Service (docs: "Discovering services", env vars)."""
    prefix = service["metadata"]["name"].upper().replace("-", "_")
    ip, env = "10.96.0.17", {}
    for index, port in enumerate(service["spec"]["ports"]):
        number, proto = port["port"], port.get("protocol", "TCP")
        if index == 0:
            env[f"{prefix}_SERVICE_HOST"] = ip
            env[f"{prefix}_SERVICE_PORT"] = str(number)
            env[f"{prefix}_PORT"] = f"{proto.lower()}://{ip}:{number}"
        if "name" in port:
            env[f"{prefix}_SERVICE_PORT_{port['name'].upper()}"] = str(number)
        base = f"{prefix}_PORT_{number}_{proto}"
        env.update({base: f"{proto.lower()}://{ip}:{number}", f"{base}_PROTO": proto.lower(),
                    f"{base}_PORT": str(number), f"{base}_ADDR": ip})
    return env


def downward(container: dict, source: dict) -> str:
    """What the kubelet puts in a variable from the downward API (a resource of this container)."""
    field = source["resourceFieldRef"]
    assert field["containerName"] == container["name"]
    kind, resource = field["resource"].split(".")
    quantity, divisor = container["resources"][kind][resource], field["divisor"]
    units = {"Mi": 2**20, "Gi": 2**30}
    assert quantity[-2:] in units and divisor == "1Mi", (quantity, divisor)
    return str(int(quantity[:-2]) * units[quantity[-2:]] // units["Mi"])


def test_the_server_starts_with_the_environment_kubernetes_gives_the_pod(prebuilt):
    service = yaml.safe_load((K8S / "service.yaml").read_text())
    deployment = yaml.safe_load((K8S / "deployment.yaml").read_text())
    pod = deployment["spec"]["template"]["spec"]
    assert pod["enableServiceLinks"] is False
    injected = service_link_env(service)
    assert "PHOTOSPECS_SERVICE_HOST" in injected and injected["PHOTOSPECS_PORT"].startswith("tcp://")
    env = {e["name"]: e["value"] if "value" in e else downward(pod["containers"][0], e["valueFrom"]) for e in pod["containers"][0]["env"]}
    env.pop("PHOTOSPECS_PORT")  # the harness picks a free port; the rest is the pod's own env
    # A cluster that ignores enableServiceLinks (or an older manifest) must still start. The pod
    # loads the catalog file its image holds; here that is the run's, built for a site URL and
    # languages of its own, which change nothing tested here.
    server = Server(env={**injected, **env, **prebuilt})
    try:
        assert local.get(f"{server.url}/readyz").status_code == 200
        spec = local.get(f"{server.url}/api/specs?country=us").json()
        assert spec["countries"][0]["id"] == "us"
    finally:
        log = server.stop()
    assert '"catalog":"prebuilt"' in log, log
    warnings = [line for line in log.splitlines() if "service-link" in line]
    assert len(warnings) == 1 and "PHOTOSPECS_SERVICE_HOST" in warnings[0]
    limit = env["PHOTOSPECS_MEMORY_LIMIT_MIB"]  # the container's limit, as the downward API gives it
    assert '"event":"memory ceiling"' in log and f'"limitMib":{limit}' in log, "the pod's limit leaves its worker room"


def test_service_links_are_ignored_but_a_misspelt_setting_still_stops_start_up():
    links = {"PHOTOSPECS_SERVICE_HOST": "10.0.0.1", "PHOTOSPECS_SERVICE_PORT_HTTP": "80",
             "PHOTOSPECS_PORT": "tcp://10.0.0.1:80", "PHOTOSPECS_PORT_80_TCP_ADDR": "10.0.0.1"}
    assert service_links(links) == sorted(links)
    from_env(links)  # no error
    with pytest.raises(Exception, match="PHOTOSPECS_MAX_AEG: not a setting"):
        from_env({**links, "PHOTOSPECS_MAX_AEG": "60"})
    assert service_links({"PHOTOSPECS_PORT": "9000"}) == []  # a real port is a real setting


def test_workers_are_not_capped_below_large_hosts():
    assert worker_count("128") == 128


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    import os

    return subprocess.run([sys.executable, "-m", "photospecs.cli", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=30)


def test_container_health_check_follows_the_port(server):
    containerfile = (ROOT / "Containerfile").read_text()
    check = re.search(r"HEALTHCHECK[^\n]*CMD (.+)", containerfile).group(1)
    assert json.loads(check) == ["photospecs", "health"]  # no port written into the image
    assert run_cli("health", env={"PHOTOSPECS_PORT": str(server.port)}).returncode == 0
    assert run_cli("health", env={"PHOTOSPECS_PORT": str(free_port())}).returncode == 1


def test_every_log_line_is_json(server):
    local.get(f"{server.url}/api/specs?country=nowhere")
    lines = [line for line in server.output().splitlines() if line.strip()]
    assert any("Listening at" in line for line in lines), "granian's own lines are in the log"
    for line in lines:
        json.loads(line)


def test_head_on_mcp_is_in_allow_and_metrics_refuses_post(client):
    allow = client.options("/api/mcp").headers["allow"]
    assert "HEAD" in allow.split(", ")
    assert client.head("/api/mcp").status_code == 200
    response = client.post("/metrics")
    assert response.status_code == 405 and response.headers["allow"] == "GET, HEAD, OPTIONS"


@pytest.mark.parametrize("query, status, error", [
    ("format=RAW", 400, "unknown_format"),
    ("format=Raw&country=us", 400, "unknown_format"),
    ("country=", 400, "empty_parameter"),
    ("country=%20", 400, "empty_parameter"),
])
def test_format_is_exactly_raw_and_an_empty_country_is_a_bad_request(client, query, status, error):
    response = client.get(f"/api/specs?{query}")
    assert response.status_code == status and response.json()["error"] == error


def test_readme_examples_run_as_written():
    readme = (ROOT / "README.md").read_text()
    for block in re.findall(r"```python\n(.*?)```", readme, re.S):
        compile(block, "README.md", "exec")  # top-level await would be a SyntaxError here
    assert not re.search(r"^open http", readme, re.M), "`open` is macOS-only"


def test_mcp_preflight_allows_the_2026_headers(client):
    response = client.options("/api/mcp", headers={
        "origin": "https://agent.example", "access-control-request-method": "POST",
        "access-control-request-headers": "mcp-method, mcp-name, mcp-protocol-version, content-type",
    })
    allowed = {h.strip().lower() for h in response.headers["access-control-allow-headers"].split(",")}
    assert {"mcp-method", "mcp-name", "mcp-protocol-version", "mcp-session-id", "last-event-id", "authorization"} <= allowed
