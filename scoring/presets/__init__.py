"""Registry of preset rulesets, by code."""

from __future__ import annotations

from scoring.presets.csm_2023 import CSM_LICITOVANY_2023
from scoring.presets.csm_krizovy import CSM_KRIZOVY
from scoring.presets.csm_voleny import CSM_VOLENY
from scoring.presets.pagat_voleny import PAGAT_VOLENY
from scoring.presets.sloapslam import SLOAPSLAM_CTYRKA, SLOAPSLAM_KRIZOVY
from scoring.presets.szmk_2024 import SZMK_VOLENY_2024
from scoring.ruleset import Ruleset

PRESETS: dict[str, Ruleset] = {
    r.code: r for r in (CSM_LICITOVANY_2023, SZMK_VOLENY_2024, CSM_VOLENY, PAGAT_VOLENY,
                  CSM_KRIZOVY, SLOAPSLAM_CTYRKA, SLOAPSLAM_KRIZOVY)
}


def get_preset(code: str) -> Ruleset:
    try:
        return PRESETS[code]
    except KeyError:
        raise KeyError(f"unknown ruleset preset {code!r}; known: {sorted(PRESETS)}") from None
