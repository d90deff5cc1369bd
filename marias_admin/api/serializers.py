"""The API's shapes: what each endpoint answers, declared once for the JSON and the OpenAPI
schema (drf-spectacular reads these). The data itself comes from :mod:`.public_data`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


@extend_schema_field({"oneOf": [{"type": "integer"},
                                {"type": "string", "pattern": r"^-?\d+(\.\d+|/\d+)?$"}],
                      "description": "Points: an integer, else an exact decimal string "
                                     "(\"12.5\") or a fraction (\"1/3\")."})
class PointsField(serializers.Field):
    def to_representation(self, value: Any) -> Any:
        return value


class PublicFlagsSerializer(serializers.Serializer):
    seating = serializers.BooleanField()
    standings = serializers.BooleanField()
    results = serializers.BooleanField()
    players = serializers.BooleanField()
    prizes = serializers.BooleanField()


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    venue = serializers.CharField()
    state = serializers.CharField()
    ruleset = serializers.CharField(help_text="The rules' code (csm-licitovany-2023, …).")
    currency = serializers.CharField()
    rounds_planned = serializers.IntegerField()
    public = PublicFlagsSerializer(help_text="Which parts the tournament publishes.")


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The player's entry in this tournament.")
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    club = serializers.CharField()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    state = serializers.CharField()
    seated = serializers.BooleanField()
    tables = serializers.IntegerField()
    confirmed_tables = serializers.IntegerField()


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = PlayerSerializer()


class SeatingTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seats = SeatSerializer(many=True)


class SeatingSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    state = serializers.CharField()
    provisional = serializers.BooleanField()
    tables = SeatingTableSerializer(many=True)
    byes = PlayerSerializer(many=True)


class RoundResultSerializer(serializers.Serializer):
    money = serializers.IntegerField(help_text="ZB in the currency's smallest unit.")
    pb = PointsField()
    sb = PointsField()
    rank = serializers.IntegerField()
    bp = PointsField()


class ResultSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = PlayerSerializer()
    result = RoundResultSerializer(allow_null=True)


class ResultTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    confirmed = serializers.BooleanField()
    seats = ResultSeatSerializer(many=True)


class RoundResultsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    tables = ResultTableSerializer(many=True)


class StandingRoundSerializer(RoundResultSerializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    bye = serializers.BooleanField()
    dropped = serializers.BooleanField()


class StandingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    rank = serializers.IntegerField()
    player = PlayerSerializer()
    bp = PointsField()
    sb = PointsField()
    money = serializers.IntegerField()
    pb = PointsField()
    rounds = StandingRoundSerializer(many=True)


class TeamSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    rank = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    bp = PointsField()
    sb = PointsField()
    money = serializers.IntegerField()
    pb = PointsField()
    members = PlayerSerializer(many=True)


class TeamsSerializer(serializers.Serializer):
    rules = serializers.CharField()
    teams = TeamSerializer(many=True)


class CompetitionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    season = serializers.CharField()
    drop_worst = serializers.IntegerField()


class SeasonCellSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    dropped = serializers.BooleanField()
    bp = PointsField(allow_null=True)


class SeasonPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The player (the same in every tournament).")
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    club = serializers.CharField()


class SeasonRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = SeasonPlayerSerializer()
    bp = PointsField(help_text="BP without the dropped results.")
    bp_all = PointsField()
    sb = PointsField()
    money = PointsField()
    results = SeasonCellSerializer(many=True)


class SeasonClubSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    club = serializers.CharField()
    bp = PointsField()
    bp_all = PointsField()
    sb = PointsField()
    money = PointsField()
    results = SeasonCellSerializer(many=True)


class SeasonSerializer(CompetitionSerializer):
    tournaments = TournamentSerializer(many=True)
    counted = serializers.ListField(child=serializers.IntegerField())
    players = SeasonRowSerializer(many=True)
    clubs = SeasonClubSerializer(many=True)

