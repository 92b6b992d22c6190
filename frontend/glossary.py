"""Names the board renderers show for things a view carries only by id (special cards,
goods), taken from the engines' own data so the browser never keeps a second copy."""
from engines.dschunke import data as dschunke
from engines.dunhuang import data as dunhuang
from engines.dunhuang.rules import PROMPTS as DUNHUANG_PROMPTS


def _dschunke() -> dict:
    return {
        "specials": [
            {"title": dschunke.special_title(card), "timing": timing}
            for card, (_, timing, _) in enumerate(dschunke.SPECIALS)
        ],
        "goods": dict(zip(dschunke.KINDS, dschunke.GOODS)),
        "actions": dict(zip(dschunke.ACTION_KEYS, dschunke.ACTION_NAMES)),
        "last_round_s_yuan": dschunke.LAST_ROUND_S_YUAN,
    }


def _dunhuang() -> dict:
    return {
        "goods": {str(good): name for good, name in dunhuang.GOOD_NAMES.items()},
        "prompts": DUNHUANG_PROMPTS,
        "coins_action": dunhuang.MONEY_ACTION_COINS,
        "guard_fee": dunhuang.BUDDHIST_FEE,
    }


GLOSSARIES = {"dschunke": _dschunke(), "dunhuang": _dunhuang()}
