"""JSON API for dictionaries: the list of lexicons, word lookups (public) and word reports.

``GET /api/lexicons/{code}/words/{word}/`` answers ``{"word", "valid", "lexicon_version", "reason"}``.
The word is lowercased and normalised by rule 8 (accents folded); a word rule 8 refuses (digits,
hyphens, more than 15 letters ...) is answered ``valid: false`` with the rule's ``reason`` code,
not with an error.  An unknown code is 404 ``UNKNOWN_LEXICON``.

``POST /api/lexicons/{code}/reports/`` with ``{"word", "kind": "missing"|"wrong"|"offensive",
"game": id (optional), "comment" (optional)}`` files a report (201); refusals are 400/404/409 with
``{"code", "message"}`` and write nothing.
"""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api_errors import ErrorSerializer

from . import services
from .store import UnknownLexicon, lexicon_list, word_lookup

ERROR = ErrorSerializer


class LexiconSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    language = serializers.CharField()
    version = serializers.IntegerField()
    word_count = serializers.IntegerField()


class WordLookupSerializer(serializers.Serializer):
    word = serializers.CharField()
    valid = serializers.BooleanField()
    lexicon_version = serializers.IntegerField()
    reason = serializers.CharField(allow_null=True, help_text="the rule-8 reason code when the word is malformed")


class WordReportCreateSerializer(serializers.Serializer):
    word = serializers.CharField(allow_blank=True, max_length=100)
    kind = serializers.CharField(max_length=20)
    game = serializers.IntegerField(required=False, allow_null=True, default=None)
    comment = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)


class WordReportSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    lexicon = serializers.CharField(source="lexicon.code")
    word = serializers.CharField()
    kind = serializers.CharField()
    game = serializers.IntegerField(source="game_id", allow_null=True)
    status = serializers.CharField()
    verdict_withheld = serializers.BooleanField(
        source="during_game", help_text="Made during a challenge-mode game: no verdict until it is over.")


def _unknown(code: str) -> services.LexiconError:
    return services.LexiconError(services.UNKNOWN_LEXICON, f"There is no lexicon {code!r}.", 404)


class LexiconListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=LexiconSerializer(many=True))
    def get(self, request):
        return Response(LexiconSerializer(lexicon_list(), many=True).data)


class WordLookupApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: WordLookupSerializer, 403: ERROR, 404: ERROR})
    def get(self, request, code: str, word: str):
        """Whether ``word`` is valid in lexicon ``code`` at its current version; refused (403
        ``LOOKUP_PAUSED``) while the signed-in player plays a challenge-mode game in this lexicon."""
        game = services.lookup_withheld_for(user=request.user, code=code)
        if game is not None:
            raise services.LexiconError(services.LOOKUP_PAUSED, services.MSG_LOOKUP_PAUSED, 403, game=game)
        try:
            return Response(word_lookup(code, word))
        except UnknownLexicon:
            raise _unknown(code) from None


class WordReportCreateApi(APIView):
    # The default permissions: signed in, and MAY_ACT for the write (web/permissions.py).

    @extend_schema(request=WordReportCreateSerializer, responses={201: WordReportSerializer, 400: ERROR, 404: ERROR,
                                                                  409: ERROR})
    def post(self, request, code: str):
        """Report a word as missing, wrong or offensive; it lands in the curators' review queue."""
        data = WordReportCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        report = services.word_report_create(
            code=code, word=data.validated_data["word"], kind=data.validated_data["kind"], reporter=request.user,
            game_id=data.validated_data["game"], comment=data.validated_data["comment"],
        )
        return Response(WordReportSerializer(report).data, status=status.HTTP_201_CREATED)
