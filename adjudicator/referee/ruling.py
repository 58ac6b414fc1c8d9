"""The referee's answers: ``settle`` (the ruling on a log) and ``explain`` (the game told move by move).

Both read JSON Lines or the notation, tell the log once (``story.tell``) and return plain data in
one language; the CLI and the HTTP API only format it. The verdict inside keeps the contract's
``flip7-verdict/1`` shape; in German its violation messages are the German ones.
"""

from __future__ import annotations

from typing import Any

from adjudicator.errors import CLAIM_CODES, EventOutOfRange
from adjudicator.notation import is_jsonl, parse_notation
from adjudicator.notation.write import UNREADABLE_LINE, event_json
from adjudicator.referee.catalogue import LANGUAGES, Note, rule_text
from adjudicator.referee.models import SETTLEMENT_FORMAT, PlayerStanding, Ruling, RulingViolation, Settlement
from adjudicator.referee.story import Item, Step, Story, Witness, breakdown, legal_statements, tell
from adjudicator.source import lines_from_text
from adjudicator.state import Row
from adjudicator.verdict import Verdict

EXPLANATION_FORMAT = "flip7-explanation/1"


def read_items(text: str) -> tuple[list[Item], str]:
    """The event lines of a log in either format, with their lines: (items, ``jsonl`` or ``notation``)."""
    lines = list(lines_from_text(text))
    if is_jsonl(lines):
        items: list[Item] = [(n, line, None) for n, line in enumerate(lines, 1) if line.strip() and not line.strip().startswith("#")]
        return items, "jsonl"
    items = []
    for entry in parse_notation(text).entries:
        if entry.kind == "event":
            assert entry.event is not None
            items.append((entry.line, event_json(entry.event), None))
        elif entry.kind == "raw":
            items.append((entry.line, entry.text, None))
        elif entry.kind == "error":
            items.append((entry.line, UNREADABLE_LINE, entry.error))
    return items, "notation"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def violation_message(story: Story, step: Step, lang: str) -> str:
    """A violation's message in ``lang``: English keeps the engine's; German says the same in German."""
    assert step.violation is not None
    if lang == "en" or step.headline is None:
        return step.violation.message
    facts = [story.say(f, lang) for f in step.facts]
    text = _capital(story.say(step.headline, lang)) + "."
    return text + (" " + story.say(Note("because", {"facts": "; ".join(facts)}), lang) if facts else "")


def _violation(story: Story, step: Step, lang: str) -> RulingViolation:
    assert step.violation is not None
    v = step.violation
    legal = legal_statements(step, lang)
    if step.legal_any_card is not None:
        legal.append(story.say(Note("legal_any_card", {"player": step.legal_any_card}), lang))
    return RulingViolation.model_construct(
        event=v.event, line=v.line, code=v.code, rule=v.rule,
        message=violation_message(story, step, lang),
        summary=_capital(story.say(step.headline, lang)) + "." if step.headline else step.violation.message,
        rule_text=rule_text(v.rule, lang, story.state.rules),
        facts=[story.say(f, lang) for f in step.facts],
        legal_instead=legal,
    )


def _rows_of(story: Story, round_no: int) -> list[Row] | None:
    state = story.state
    if state.in_round and state.round == round_no:
        return state.rows
    done = round_no - 1 - state.rounds_before
    if 0 <= done < len(state.history):
        return state.history[done].rows
    return None


def standing(story: Story, round_no: int, lang: str) -> list[PlayerStanding]:
    """Every player in round ``round_no``: outcome, why (with the event), score and its breakdown."""
    rows = _rows_of(story, round_no)
    summary = next((r for r in story.verdict.rounds if r.round == round_no), None)
    if rows is None or summary is None:
        return []
    out = []
    for seat, name in enumerate(story.state.players):
        outcome, score = summary.players[name].outcome, summary.players[name].score
        why = story.outs.get((round_no, seat)) or Note("out_in" if outcome == "in" else "out_playing", {"player": name})
        out.append(PlayerStanding.model_construct(
            name=name,
            outcome=outcome,
            outcome_text=story.say(Note(f"outcome_{outcome}"), lang),
            why=story.say(why, lang),
            saves=[story.say(n, lang) for n in story.saves.get((round_no, seat), [])],
            score=score,
            breakdown=breakdown(story.state, rows[seat]).text(lang),
            total=story.verdict.totals.get(name, 0),
        ))
    return out


def _check_lang(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")


def settle(text: str, lang: str = "en") -> dict[str, Any]:
    """The referee's ruling on a log as JSON: ``settlement(text, lang).to_dict()``."""
    return settlement(text, lang).to_dict()


def word_violations(violations: list[dict[str, Any]], witness: Witness, verdict: Verdict, lang: str) -> None:
    """Put the messages of ``violations`` (``verdict``'s, as JSON objects) into ``lang``, as the
    referee words them, from the ``witness`` that watched the replay which judged them (no second
    replay: the same violations by construction). ``en`` keeps the engine's messages."""
    if lang == "en" or not violations:
        return
    story = witness.story(verdict)
    steps = [s for s in story.steps if s.violation is not None]
    for shown, step in zip(violations, steps, strict=True):
        shown["message"] = violation_message(story, step, lang)


def settlement(text: str, lang: str = "en") -> Settlement:
    """The referee's ruling on a log (JSON Lines or notation) in ``lang`` (``en`` or ``de``).

    A ``Settlement``: the contract verdict (German messages in German) and the ruling: a summary,
    each violation with the rule in plain words, the facts and the legal moves, the round in dispute
    told, and every player's outcome, reason and score breakdown. Raises ``LogUnreadable`` /
    ``UnsupportedRuleset`` as the replay does.
    """
    _check_lang(lang)
    items, kind = read_items(text)
    story = tell(items)
    steps = [s for s in story.steps if s.violation is not None]
    violations = [_violation(story, s, lang) for s in steps]
    shown = [v.model_copy(update={"message": full.message}) for v, full in zip(story.verdict.violations, violations, strict=True)]
    verdict = story.verdict.model_copy(update={"violations": shown})
    fatal = next((s for s in steps if s.violation and s.violation.code not in CLAIM_CODES), None)
    focus = fatal or (steps[0] if steps else None)
    if focus is not None:
        round_no = focus.round
    else:
        round_no = story.verdict.rounds[-1].round if story.verdict.rounds else 0
    if fatal is not None:
        summary = story.say(Note("h_violation", {"at": fatal.index}), lang)
    elif steps:
        summary = story.say(Note("h_claims", {"n": len(steps)}), lang)
    else:
        summary = story.say(Note("h_valid"), lang)
    told = [_capital(story.say(n, lang)) for s in story.steps if s.round == round_no and s.event is not None and s.event.type not in ("score", "end") for n in s.notes]
    ruling = Ruling.model_construct(
        summary=summary,
        violations=violations,
        round=round_no or None,
        story=told,
        players=standing(story, round_no, lang),
        finished=story.verdict.finished,
        winner=story.verdict.winner,
    )
    return Settlement.model_construct(format=SETTLEMENT_FORMAT, lang=lang, input=kind, verdict=verdict, ruling=ruling)


def explain(text: str, lang: str = "en", *, at: int | None = None, round_no: int | None = None) -> dict[str, Any]:
    """The game (or one round, or events 0 … ``at``) told move by move, with every ruling applied.

    Each event gives its sentences, the exact bust chance at a hit (cards that would bust / cards in
    the draw pile) and, for a violation, the ruling as in ``settle``. Raises ``EventOutOfRange`` for
    an ``at`` the log does not have.
    """
    _check_lang(lang)
    items, kind = read_items(text)
    if at is not None:
        if at >= len(items):
            raise EventOutOfRange(len(items), at)
        items = items[: at + 1]
    story = tell(items)
    events = []
    for step in story.steps:
        if round_no is not None and step.round != round_no:
            continue
        entry: dict[str, Any] = {
            "event": step.index,
            "line": step.line,
            "round": step.round or None,
            "text": [_capital(story.say(n, lang)) for n in step.notes],
            "bust_chance": None,
        }
        if step.bust_chance is not None:
            bad, size = step.bust_chance
            entry["bust_chance"] = {"bust_cards": bad, "draw_pile": size, "probability": bad / size if size else 0.0}
        if step.violation is not None:
            entry["violation"] = _violation(story, step, lang).to_dict()
        events.append(entry)
    last = round_no or (story.steps[-1].round if story.steps else 0)
    return {
        "format": EXPLANATION_FORMAT,
        "lang": lang,
        "input": kind,
        "round": round_no,
        "at": at,
        "events": events,
        "players": [p.to_dict() for p in standing(story, last, lang)],
        "totals": story.verdict.totals,
    }
