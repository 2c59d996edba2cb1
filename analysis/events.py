"""What the analysis announces on commit (``core.events``): an analysis to run.  Its own task runs it
(``config/wiring.py``); sending it through the outbox means a broker outage delays the work and loses
nothing, and the request that asked answers at once."""

from dataclasses import dataclass

from core.events import Event


@dataclass(frozen=True)
class AnalysisRequested(Event):
    """A pending analysis (a finished game's or an upload's) is to be run; published again by
    ``services.analyses_resend_stalled`` when its task was lost."""

    analysis_id: int
