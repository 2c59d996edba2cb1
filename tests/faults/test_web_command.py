"""The Procfile's web command as a deploy runs it: it serves the site and names no server software
(a ``Server`` header tells an attacker which version to try)."""

import re

import pytest
import requests

from .harness import ROOT, WebServer, wait_for

pytestmark = [pytest.mark.postgres]


class ProcfileWeb(WebServer):
    def start(self) -> None:
        (command,) = re.findall(r"^web:\s*(.+)$", (ROOT / "Procfile").read_text(), re.M)
        env = {**self.env, "HOST": "127.0.0.1", "PORT": str(self.port), "WEB_CONCURRENCY": "1"}
        self.spawn(["bash", "-c", f"exec {command}"], env)
        wait_for(self._answers, 60, f"the web server to answer (log: {self.tail()})", interval=0.2)


def test_the_procfile_web_command_sends_no_server_header(fault_env, tmp_path, processes):
    server = ProcfileWeb(tmp_path, fault_env())
    processes.append(server)
    server.start()
    for path in ("/", "/api/schema/", "/no-such-page/"):
        answer = requests.get(f"{server.url}{path}", timeout=10)
        assert answer.status_code in (200, 404), path
        assert "server" not in {name.lower() for name in answer.headers}, (path, dict(answer.headers))


def test_the_procfile_web_command_trusts_no_forwarded_address_unless_configured(fault_env, tmp_path, processes):
    """The per-address log-in limit ("30/m/ip") counts the connecting address: a client cannot spread
    its tries over addresses it writes into X-Forwarded-For, unless FORWARDED_ALLOW_IPS names its proxy."""
    server = ProcfileWeb(tmp_path, fault_env())
    processes.append(server)
    server.start()
    url = f"{server.url}/accounts/login/"
    page = requests.get(url, timeout=10)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    cookie = f"csrftoken={page.cookies['csrftoken']}"  # a secure cookie: sent by hand over plain HTTP
    answers = []
    for n in range(32):
        answer = requests.post(url, timeout=10, data={"csrfmiddlewaretoken": token, "login": f"nobody{n}",
                                                      "password": "x"},
                               headers={"X-Forwarded-For": f"198.51.100.{n}", "Referer": url, "Cookie": cookie})
        answers.append(answer.status_code)
    assert answers[:30] == [200] * 30 and 429 in answers[30:], answers
