"""Operator commands, run as `python -m app <command>` against the configured store (DATABASE_URL):

    export GAME_ID [-o FILE]   the whole game (setup + log, secrets included), re-importable
    import FILE                replay an export through today's rules into a new game; prints its tokens
    prune --days N [--dry-run] delete finished games whose last event is older than N days
    check-content [--dir DIR]  validate every content file (what the server does at start)
    verify [GAME_ID ...]       replay every stored game under today's rules; report the ones that differ

`verify` reads each game's log and plays it again: an event the rules now refuse, an automatic consequence
that now comes out different, or a replay that fails is a difference, reported with the rules version the
game was recorded under (games.meta.rules, written at creation) beside today's. The log keeps no state
snapshots, so a rules change that alters a state without altering any consequence or check is not seen.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

from app import content
from app.config import Config
from app.content import files
from app.content.errors import ContentError
from app.content.underworlds import library
from app.engine import registry
from app.engine.core import REVERT, fold_log
from app.schemas import sanity
from app.service import Caller, GameLogs, GameService
from app.service.errors import ApiError
from app.service.pending import is_pending
from app.service.records import record_event
from app.store import open_store

ALL_GAMES = 1_000_000
INSTANCE = Path(__file__).resolve().parent.parent / "instance"  # Flask's instance folder for this package


@dataclass
class Verdict:
    """What replaying one stored game under today's rules found."""

    game_id: str
    ruleset: str
    recorded_version: str | None
    current_version: str | None
    events: int
    differences: list[str] = field(default_factory=list)

    @property
    def same(self) -> bool:
        """True when every event is still accepted with the consequences it was stored with."""
        return not self.differences


def verify_game(game: dict, records: list[dict]) -> Verdict:
    """Replay one game's log under today's rules and list what now comes out differently."""
    recorded = ((game.get("meta") or {}).get("rules") or {}).get("version")
    verdict = Verdict(game["id"], game["ruleset"], recorded, None, len(records))
    try:
        rs = registry.get(game["ruleset"])
        verdict.current_version = registry.rules_version(game["ruleset"])
    except registry.UnknownRuleset:
        verdict.differences.append(f"the ruleset {game['ruleset']!r} is not on this server")
        return verdict
    if is_pending(game):
        return verdict   # seats still being set up by their phones: no state and no log to replay yet
    try:
        state = rs.new_game(game["setup"])
    except Exception as exc:  # noqa: BLE001 - verifying is replaying under today's code: whatever it raises is the finding
        verdict.differences.append(f"the setup no longer starts a game: {exc}")
        return verdict
    events = [record_event(r) for r in records]
    for i, (rec, ev) in enumerate(zip(records, events)):
        where = f"#{rec['seq']} {rec['type']} by {rec['by']}"
        try:
            if ev.type == REVERT:  # the game as the log now stands: the same fold the server makes
                state = fold_log(rs, game["setup"], events[: i + 1]).state
                continue
            judged = rs.judge(state, ev)
            if judged.state is None:
                first = judged.blocked[0]
                verdict.differences.append(f"{where} is refused now: {first.message} ({first.rule})")
                return verdict  # later events were entered on a game that no longer exists
            state, consequences = judged.state, judged.consequences
        except Exception as exc:  # noqa: BLE001 - as above: today's engine failing on a stored event is the finding
            verdict.differences.append(f"{where}: the replay fails: {type(exc).__name__}: {exc}")
            return verdict
        now = [c.to_dict() for c in consequences]
        if now != (rec.get("consequences") or []):
            verdict.differences.append(f"{where}: consequences differ: stored {json.dumps(rec.get('consequences'))}"
                                       f" now {json.dumps(now)}")
    return verdict


def verify_all(store, game_ids: list[str] | None = None) -> Iterator[Verdict]:
    """Verdicts for the given games, or for every stored game."""
    games = [store.get_game(g) for g in game_ids] if game_ids else store.list_games(ALL_GAMES)
    for game in games:
        if game is not None:
            yield verify_game(game, store.events(game["id"]))


def finished_before(store, cutoff: datetime) -> Iterator[tuple[dict, str]]:
    """Games that are over (the rules name an outcome) and whose last event (or creation) is before cutoff."""
    limit = cutoff.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    for game in store.list_games(ALL_GAMES):
        records = store.events(game["id"])
        last = records[-1]["created_at"] if records else game["created_at"]
        if not last or last >= limit:
            continue
        try:
            rs = registry.get(game["ruleset"])
            state = fold_log(rs, game["setup"], [record_event(r) for r in records]).state
            over = rs.outcome(state) is not None
        except Exception:  # noqa: BLE001 - a game that cannot be replayed is not known to be over: kept
            continue
        if over:
            yield game, last


# -- the command line -------------------------------------------------------------------------------------
COMMANDS = ("export", "import", "prune", "check-content", "verify")


def _store():
    """The configuration and the store DATABASE_URL names (SQLite under instance/ by default, as the server)."""
    cfg = Config.from_env()
    return cfg, open_store(cfg.DATABASE_URL, str(INSTANCE))


def _export(args, out) -> int:
    _, store = _store()
    try:
        data = GameService(GameLogs(store)).transfer.export(Caller(args.game_id, "referee"))
    except ApiError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 1
    text = json.dumps(data, indent=1, ensure_ascii=False)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
        print(f"exported {args.game_id}: {len(data['events'])} events -> {args.output}", file=out)
    else:
        print(text, file=out)
    return 0


def _import(args, out) -> int:
    cfg, store = _store()
    try:
        with open(args.file, "rb") as fh:
            raw = fh.read()
        game = GameService(GameLogs(store)).transfer.import_game(raw, cfg.PUBLIC_URL or "")  # the same checks as the API's
    except (OSError, ValueError) as exc:
        print(f"error: {args.file}: {exc}", file=sys.stderr)
        return 1
    except sanity.WireProblem as problem:
        print(f"error: {args.file}: {problem}", file=sys.stderr)
        return 1
    except ApiError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 1
    print(f"imported as {game['id']} (join code {game['join_code']}, {game['head']} events)", file=out)
    for seat in game["seats"]:
        print(f"  {seat['seat']} {seat['name']}: token {seat['token']}", file=out)
    print(f"  referee: token {game['referee_token']}", file=out)
    return 0


def _prune(args, out) -> int:
    _, store = _store()
    cutoff = datetime.now(timezone.utc) - timedelta(days=args.days)
    doomed = list(finished_before(store, cutoff))
    for game, last in doomed:
        if not args.dry_run:
            store.delete_game(game["id"])
        print(f"{'would delete' if args.dry_run else 'deleted'} {game['id']} ({game['ruleset']}, last event {last})",
              file=out)
    print(f"{len(doomed)} finished game(s) older than {args.days} day(s) "
          f"{'would be deleted' if args.dry_run else 'deleted'}", file=out)
    return 0


def _check_content(args, out) -> int:
    try:
        lib = library.load_from(Path(args.dir) if args.dir else files.content_root())
        others = {game: module.catalogue() for game, module in content.GAMES.items() if game != "underworlds"}
    except (ContentError, OSError) as exc:  # a file that breaks the schemas, or cannot be read: report it, exit 1
        print(f"content error: {exc}", file=out)
        return 1
    counts = {f"{game}/{kind}": len(recs) for (game, kind), recs in lib.records.items()}
    counts.update({f"{game}/{kind}": len(recs) for game, kinds in others.items() for kind, recs in kinds.items()})
    for name, count in sorted(counts.items()):
        print(f"{count:6}  {name}", file=out)
    print(f"content OK: {sum(counts.values())} records in {len(counts)} kinds", file=out)
    return 0


def _verify(args, out) -> int:
    _, store = _store()
    checked = differ = 0
    for verdict in verify_all(store, args.game_ids or None):
        checked += 1
        versions = f"recorded under {verdict.recorded_version or 'no recorded version'}, now {verdict.current_version}"
        if verdict.same:
            if args.verbose:
                print(f"same    {verdict.game_id} {verdict.ruleset}: {verdict.events} events ({versions})", file=out)
            continue
        differ += 1
        print(f"DIFFERS {verdict.game_id} {verdict.ruleset}: {verdict.events} events ({versions})", file=out)
        for line in verdict.differences:
            print(f"        {line}", file=out)
    print(f"{checked} game(s) replayed, {differ} differ under today's rules", file=out)
    return 1 if differ else 0


# A game id is URL-safe base64, so about 1 in 64 starts with "-", which argparse would read as an option.
OPTIONS_WITH_VALUE = {"-o", "--output"}  # the options of export and verify that take a value


def _ids_as_positionals(argv: list[str]) -> list[str]:
    """argv with every game id of `export` and `verify` after a `--`, so an id like "-x3F..." stays an id."""
    if not argv or argv[0] not in ("export", "verify"):
        return list(argv)
    options, ids, rest = [argv[0]], [], iter(argv[1:])
    for arg in rest:
        if arg in OPTIONS_WITH_VALUE:
            options += [arg, next(rest, "")]
        elif arg.startswith("--output=") or arg in ("-v", "--verbose", "-h", "--help"):
            options.append(arg)
        elif arg == "--":
            ids += list(rest)
        else:
            ids.append(arg)
    return [*options, "--", *ids] if ids else options


def main(argv: list[str], out=sys.stdout) -> int:
    """Run one operator command; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="python -m app", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("export", help="print or write one game's full export")
    p.add_argument("game_id")
    p.add_argument("-o", "--output")
    p = sub.add_parser("import", help="import an exported game (replayed through the rules)")
    p.add_argument("file")
    p = sub.add_parser("prune", help="delete finished games older than N days")
    p.add_argument("--days", type=int, required=True)
    p.add_argument("--dry-run", action="store_true")
    p = sub.add_parser("check-content", help="validate the content files")
    p.add_argument("--dir", help="a content directory other than the repository's content/")
    p = sub.add_parser("verify", help="replay stored games under today's rules and report the ones that differ")
    p.add_argument("game_ids", nargs="*")
    p.add_argument("-v", "--verbose", action="store_true", help="list the games that replay the same too")
    args = parser.parse_args(_ids_as_positionals(argv))
    run = {"export": _export, "import": _import, "prune": _prune, "check-content": _check_content,
           "verify": _verify}[args.command]
    return run(args, out)
