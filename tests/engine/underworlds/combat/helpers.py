"""What the combat tests share: each edition's combat rules, Defence characteristics and sample profiles."""
from app.engine.underworlds.combat import DEATHGORGE_COMBAT, DREADFANE_COMBAT, SHADESPIRE_COMBAT, resolve_attack

DG, DF, SS = DEATHGORGE_COMBAT, DREADFANE_COMBAT, SHADESPIRE_COMBAT
BLOCK = {"dice": 1, "symbol": "block"}
DODGE = {"dice": 1, "symbol": "dodge"}


def prof(dice=2, symbol="smash", damage=2, keywords=(), spell=None):
    out = {"name": "Blade", "range": 1, "dice": dice, "symbol": symbol, "damage": damage,
           "keywords": list(keywords)}
    if spell is not None:
        out["spell"] = spell
    return out


def attack(rules=DG, profile=None, a=None, d=None, defence=BLOCK, **kw):
    return resolve_attack(rules, profile or prof(), a or {}, defence, d or {}, **kw)


def spell(dice=2, symbol="channel", damage=1, keywords=()):
    return prof(dice=dice, symbol=symbol, damage=damage, keywords=keywords, spell=True)
