"""Faults around analyses, against the real processes: Redis (the broker) stopped while a player uploads a
record, and the worker that held an analysis killed.

With Redis down the upload still answers 202 at once with the pending analysis; its request waits in
the outbox and runs once Redis is back and the relay sends it. A worker killed in the middle of an
analysis leaves it pending; beat's re-send of stalled work (``analyses_resend_stalled``) sends it again
long before the broker's visibility timeout, and a fresh worker finishes it, once.
"""

import subprocess
import time

import pytest
import requests

from analysis.models import Analysis
from lexicons.services import lexicon_load_words

from .harness import PYTHON, ROOT, wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.worker]

RECORD = ("#player1 ann Ann\n#player2 bob Bob\n"
          ">ann: DINNVWY 8D WINDY +32 32\n>bob: AEEGILS -AE +0 0\n>ann: NV - +0 32\n")
WORDS = ["windy", "wind", "win", "dinny", "in", "di", "id", "wyn", "yin", "nid"]

# What beat does, run in a process of its own as beat would: the relay, and the re-send of stalled work.
BEAT = """
import django, datetime
django.setup()
from django.utils import timezone
from core import events
from analysis import services
later = timezone.now() + datetime.timedelta(minutes=%d)
print("relayed", events.relay(now=later))
print("resent", services.analyses_resend_stalled(now=later))
"""


def beat(env: dict, minutes_later: int) -> str:
    done = subprocess.run([PYTHON, "-c", BEAT % minutes_later], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def upload(server, token: dict) -> requests.Response:
    return requests.post(f"{server.url}/api/analyses/", json={"gcg": RECORD, "lexicon": "en"}, headers=token,
                         timeout=30)


@pytest.fixture
def env(fault_env, private_redis, tmp_path):
    lexicon_load_words(code="en", words=WORDS)
    return fault_env(REDIS_URL=private_redis.url(0), CELERY_BROKER_URL=private_redis.url(1),
                     HOLD_MARKER=str(tmp_path / "held"), HOLD_RELEASE=str(tmp_path / "never"))


def test_an_upload_while_redis_is_down_answers_202_and_runs_once_redis_is_back(
        env, private_redis, start_web, start_worker, alice, token_for):
    server = start_web(env)
    start_worker(env)
    private_redis.stop()
    started = time.monotonic()
    answer = upload(server, token_for(alice))
    took = time.monotonic() - started
    assert answer.status_code == 202, answer.text[:500]
    assert answer.json()["status"] == "pending"
    analysis = Analysis.objects.get(pk=answer.json()["id"])
    private_redis.start()
    beat(env, 1)  # the relay sends the request the outage held
    wait_for(lambda: Analysis.objects.get(pk=analysis.pk).status == "done", 120, "the held analysis to run")
    assert Analysis.objects.filter(owner=alice).count() == 1
    print(f"\nupload with Redis down answered 202 in {took:.2f} s; analysed once Redis was back")


def test_an_analysis_whose_worker_was_killed_is_sent_again_and_done_once(
        env, start_web, start_worker, alice, token_for, tmp_path):
    server = start_web(env)
    worker = start_worker(env, preload="tests.analysis.worker_hold")
    answer = upload(server, token_for(alice))
    assert answer.status_code == 202, answer.text[:500]
    analysis_id = answer.json()["id"]
    wait_for(lambda: (tmp_path / "held").exists(), 60, "the worker to take the analysis")
    worker.kill()  # in the middle of it
    assert Analysis.objects.get(pk=analysis_id).status == "pending"
    start_worker(env, name="worker-2")  # its hold is spent: the marker exists
    # Beat's re-send, as it runs every few minutes: long before the broker's hour-long visibility timeout.
    assert "resent 1" in beat(env, 15)
    wait_for(lambda: Analysis.objects.get(pk=analysis_id).status == "done", 120, "the re-sent analysis to run")
    assert Analysis.objects.filter(owner=alice).count() == 1
