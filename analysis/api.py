"""JSON API of the analysis: a finished game's (``/api/games/{id}/analysis/``) and uploaded records'
(``/api/analyses/``).  Thin views: parse, call one service or selector, answer ``presenters``' shape."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api_errors import ErrorSerializer
from web.serializers import StrictSerializer

from . import selectors, services
from .presenters import analysis_json

PLAY_FIELDS = {
    "move": serializers.CharField(help_text='GCG notation: "8D WINDY", "H8 HE.Lo", "-AEI" (exchange), "-" (pass)'),
    "score": serializers.IntegerField(),
    "equity": serializers.FloatField(help_text="score plus the value of the tiles kept and end-game terms"),
}
PLAYED = inline_serializer("AnalysisPlayed", {
    "move": serializers.CharField(), "score": serializers.IntegerField(), "equity": serializers.FloatField(),
    "valid": serializers.BooleanField(help_text="every word is in the dictionary"),
    "rejected": serializers.ListField(child=serializers.CharField(), required=False,
                                      help_text="the words the dictionary does not have"),
    "withdrawn": serializers.BooleanField(help_text="taken back after a challenge"),
})
TURN_FIELDS = {
    "turn": serializers.IntegerField(), "seat": serializers.IntegerField(), "player": serializers.CharField(),
    "line": serializers.IntegerField(allow_null=True, help_text="the GCG line (uploads)"),
    "status": serializers.CharField(help_text='"analysed", or "skipped" with a reason (the rack not recorded, or '
                                              'only in part)'),
    "skip": serializers.ChoiceField(choices=["no_rack", "partial_rack", "unknown_exchange"], required=False,
                                    help_text="why a turn was skipped"),
    "reason": serializers.CharField(required=False), "rack": serializers.CharField(required=False),
    "phony": serializers.BooleanField(required=False, help_text="a word of the play is not in the dictionary: "
                                                                "no rank, and the best legal play's equity is lost"),
    "played": PLAYED, "rank": serializers.IntegerField(required=False, allow_null=True,
                                                      help_text="1 = the best play; null for a phony"),
    "plays": serializers.IntegerField(required=False, help_text="how many plays were possible"),
    "best": inline_serializer("AnalysisPlay", PLAY_FIELDS, many=True),
    "method": serializers.ChoiceField(choices=["static", "simulation", "pre_endgame"], required=False,
                                      help_text="how this turn's plays were valued: static equity, the Master's "
                                                "simulation, or (one or two tiles in the bag) every bag gone through"),
    "points_lost": serializers.IntegerField(required=False),
    "equity_lost": serializers.FloatField(required=False),
}
SUMMARY_FIELDS = {
    "seat": serializers.IntegerField(), "player": serializers.CharField(), "turns": serializers.IntegerField(),
    "skipped": serializers.IntegerField(help_text="turns not analysed: the rack not recorded, or only in part"),
    "phonies": serializers.IntegerField(required=False, help_text="plays with a word not in the dictionary"),
    "average_equity_lost": serializers.FloatField(allow_null=True),
    "best_plays": serializers.IntegerField(help_text="turns on which the best play was found (never a phony)"),
    "points_lost": serializers.IntegerField(),
}
ANALYSIS = inline_serializer("Analysis", {
    "id": serializers.IntegerField(), "game": serializers.IntegerField(allow_null=True),
    "status": serializers.ChoiceField(choices=["pending", "done", "failed"]),
    "method": serializers.ChoiceField(choices=["static", "simulation"],
                                      help_text="how the plays are ranked: static equity, or the Master's simulation "
                                                "(asked for on request; pending until it has run)"),
    "turns_method": serializers.ChoiceField(choices=["static", "simulation"], allow_null=True,
                                            help_text="how the turns given were ranked (while the Master's analysis is "
                                                      "pending, the static one stays)"),
    "lexicon": serializers.CharField(), "error": serializers.CharField(),
    "turns": inline_serializer("AnalysisTurn", TURN_FIELDS, many=True),
    "summary": inline_serializer("AnalysisSummary", SUMMARY_FIELDS, many=True),
})


class NoBodySerializer(StrictSerializer):
    """A request that takes no fields: any field sent is refused (``UNKNOWN_FIELD``)."""


class UploadSerializer(StrictSerializer):
    gcg = serializers.CharField(trim_whitespace=False, allow_blank=True,
                                help_text="the GCG record (ours, Quackle's or Woogles')")
    lexicon = serializers.CharField(default="en", help_text="the dictionary to check words in (a code: en, nl)")
    master = serializers.BooleanField(default=False, help_text="rank the plays by the Master's simulation (one of "
                                                               "your MASTER_ANALYSES_PER_DAY in any 24 hours)")


class GameAnalysisApi(APIView):
    @extend_schema(responses={200: ANALYSIS, 400: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer})
    def get(self, request, game_id: int):
        """A finished Crossword game's analysis: asked for on the first request (``status`` "pending"
        until it is done).  An unfinished game is refused (409 ``GAME_NOT_FINISHED``)."""
        return Response(analysis_json(services.analysis_request_for_game(game_id=game_id)))


class GameMasterAnalysisApi(APIView):
    @extend_schema(request=None,
                   responses={202: ANALYSIS, 400: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer,
                              429: ErrorSerializer})
    def post(self, request, game_id: int):
        """Ask for a finished Crossword game's analysis by the Master's simulation: 202, ``status`` "pending"
        (and the static turns, if any) until a worker has run it, about a minute.  Counts against your
        daily quota (429 ``RATE_LIMITED`` past it); a game the Master has analysed costs nothing."""
        NoBodySerializer(data=request.data).is_valid(raise_exception=True)
        analysis = services.analysis_request_master_for_game(game_id=game_id, user=request.user)
        return Response(analysis_json(analysis), status=status.HTTP_202_ACCEPTED)


class AnalysisCreateApi(APIView):

    @extend_schema(request=UploadSerializer, responses={202: ANALYSIS, 400: ErrorSerializer, 429: ErrorSerializer})
    def post(self, request):
        """Upload a GCG record for analysis: 202 with the stored analysis, ``status`` "pending" until a
        worker has run it (follow ``GET /api/analyses/{id}/``).  A malformed or impossible record is
        refused with ``GCG_INVALID`` (``details.line``, ``details.reason``) and nothing is stored."""
        body = UploadSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        analysis = services.analysis_create_from_gcg(user=request.user, **body.validated_data)
        return Response(analysis_json(analysis), status=status.HTTP_202_ACCEPTED)


class AnalysisDetailApi(APIView):

    @extend_schema(responses={200: ANALYSIS, 404: ErrorSerializer})
    def get(self, request, analysis_id: int):
        """An uploaded record's analysis (the uploader's only): its status and, when done, every turn."""
        return Response(analysis_json(selectors.access_upload_for_user(analysis_id=analysis_id, user=request.user)))
