"""Bad input to the language: every error names its place and what was expected.

Each case checks the real content of the message: the error class, the line and column (found
from the text itself, so the cases stay readable), the offending thing, what would have been
accepted and, where there is one, the suggested nearest name.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import ludi
from ludi.errors import (
    ArgumentError,
    DefineError,
    GameNotFound,
    LudiError,
    LudiSyntaxError,
    OptionError,
    UnknownLudeme,
)
from ludi.lang import load_description, parse, parse_fragment

ROOT = Path(__file__).resolve().parents[1]

GAME = """\
(game "Test"
    (players 2)
    (equipment { (board (hex 5)) (piece "Marker" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (is Line 4) (result Mover Win)))))
"""

OPTIONS = """\
(game "Test"
    (players 2)
    (equipment { (board (hex <Size>)) (piece "Marker" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (is Line 4) (result Mover Win)))))

(option "Board Size" <Size> args:{<n>} {
    (item "Small" <4> "Side 4.")
    (item "Medium" <5> "Side 5.")**
    (item "Large" <hexx> "A broken value.")
})

(rulesets {
    (ruleset "Ruleset/Tiny (Suggested)" {"Board Size/Small"})
    (ruleset "Ruleset/Misspelt" {"Board Size/Smal"})
})
"""


def sub(old: str, new: str, text: str = GAME) -> str:
    """``text`` with its one occurrence of ``old`` replaced by ``new``."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


def at(text: str, needle: str, nth: int = 1, offset: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the ``nth`` occurrence of ``needle`` in ``text``, moved right
    by ``offset`` characters."""
    pos = -1
    for _ in range(nth):
        pos = text.index(needle, pos + 1)
    pos += offset
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def error_of(fn, *args, **kwargs) -> LudiError:
    with pytest.raises(LudiError) as info:
        fn(*args, **kwargs)
    return info.value


def located(e: LudiError, cls: type[LudiError], text: str, needle: str, nth: int = 1,
            file: str = "<text>", offset: int = 0) -> str:
    """Check class, file, line, column and the printed form (header, source line, caret);
    return the message."""
    assert type(e) is cls, f"{type(e).__name__}: {e}"
    line, col = at(text, needle, nth, offset)
    assert (e.file, e.line, e.col) == (file, line, col), str(e)
    printed = str(e).split("\n")
    assert printed[0] == f"{file}:{line}:{col}: {cls.kind}: {e.message}"
    assert printed[1] == "    " + text.split("\n")[line - 1].rstrip()
    assert printed[2] == "    " + " " * (col - 1) + "^"
    assert e.source_line == text.split("\n")[line - 1]
    return e.message


def test_base_texts_are_valid():
    assert parse(GAME).name == "Test"
    assert parse(OPTIONS).options == {"Board Size": "Medium"}


# ------------------------------------------------------------------ brackets and strings

def test_missing_close_paren_points_at_the_unclosed_open():
    text = GAME.rstrip()[:-1]
    e = error_of(parse, text)
    msg = located(e, LudiSyntaxError, text, "(game")
    assert msg == "'(' is never closed: a ')' is missing"
    assert e.expected == [")"]


def test_missing_close_paren_inside_is_found_at_the_mismatched_brace():
    text = sub("(board (hex 5))", "(board (hex 5)")
    e = error_of(parse, text)
    msg = located(e, LudiSyntaxError, text, "})")
    line, col = at(text, "(board")
    assert msg == f"'}}' closes the '(' opened at line {line}, column {col}; expected ')'"
    assert e.expected == [")"]


def test_stray_close_paren():
    text = GAME.rstrip() + ")"
    e = error_of(parse, text)
    # five closers end the game, the sixth is extra
    msg = located(e, LudiSyntaxError, text, "Win))))))", offset=8)
    assert e.col == len(text.split("\n")[-1])
    assert msg == "unexpected ')': nothing to close here"


def test_brace_closing_a_paren():
    text = sub("(hex 5))", "(hex 5}))")
    e = error_of(parse, text)
    msg = located(e, LudiSyntaxError, text, "}))")
    line, col = at(text, "(hex")
    assert msg == f"'}}' closes the '(' opened at line {line}, column {col}; expected ')'"


def test_paren_closing_a_brace():
    text = sub('(piece "Marker" Each) })', '(piece "Marker" Each) ))')
    e = error_of(parse, text)
    msg = located(e, LudiSyntaxError, text, 'Each) ))', offset=6)
    line, col = at(text, "{")
    assert msg == f"')' closes the '{{' opened at line {line}, column {col}; expected '}}'"
    assert e.expected == ["}"]


def test_unterminated_string():
    text = sub('"Marker"', '"Marker')
    e = error_of(parse, text)
    msg = located(e, LudiSyntaxError, text, '"Marker')
    assert msg == "string is never closed: a '\"' is missing"


# ------------------------------------------------------------------ the top level

@pytest.mark.parametrize("text", ["", "  \n// only a comment\n"])
def test_empty_text(text):
    e = error_of(parse, text)
    assert type(e) is LudiSyntaxError
    assert e.message == 'the description is empty: expected (game "Name" …)'
    assert e.line is None and e.file == "<text>"
    assert str(e) == '<text>: syntax error: the description is empty: expected (game "Name" …)'
    assert e.expected == ['(game "Name" …)']


def test_text_without_a_game():
    e = error_of(parse, '(define "Win" (result Mover Win))\n(metadata (info {}))')
    assert type(e) is LudiSyntaxError
    assert e.message == 'no (game "Name" …) in the description, only (define …), (metadata …)'
    assert e.expected == ['(game "Name" …)']


def test_unknown_top_level_form_suggests_game():
    text = GAME.replace("(game", "(gam", 1)
    e = error_of(parse, text)
    msg = located(e, LudiSyntaxError, text, "(gam")
    assert msg.startswith("expected (game …), (define …), (option …), (rulesets …) or "
                          "(metadata …) at the top level, found (gam …)")
    assert msg.endswith("did you mean (game …)?")
    assert e.suggestions == ["game"]
    assert "(rulesets …)" in e.expected


def test_bare_word_at_top_level():
    text = "game\n" + GAME
    e = error_of(parse, text)
    msg = located(e, LudiSyntaxError, text, "game")
    assert "found 'game' outside any brackets; did you mean (game …)?" in msg


def test_two_games():
    text = GAME + GAME
    e = error_of(parse, text)
    located(e, LudiSyntaxError, text, "(game", 2)
    assert e.message == "a description holds one (game …)"


# ------------------------------------------------------------------ unknown ludemes and words

def test_unknown_ludeme_suggests_hex():
    text = sub("(hex 5)", "(hexx 5)")
    e = error_of(parse, text)
    msg = located(e, UnknownLudeme, text, "hexx")
    assert msg.startswith("unknown ludeme 'hexx' in (board …); expected a board such as "
                          "(hex …), (square …)")
    assert msg.endswith("; did you mean 'hex'?")
    assert e.suggestions[0] == "hex"
    assert {"hex", "square", "rectangle"} <= set(e.expected)


def test_unknown_word_in_a_head_suggests_line():
    text = sub("(is Line 4)", "(is Lin 4)")
    e = error_of(parse, text)
    msg = located(e, UnknownLudeme, text, "Lin ")
    assert msg.startswith("unknown word 'Lin' in (is …); expected ")
    assert "'Connected'" in msg and "'Line'" in msg
    assert msg.endswith("did you mean 'Line'?")
    assert e.suggestions == ["Line"]


def test_unknown_enumeration_value_suggests_win():
    text = sub("(result Mover Win)", "(result Mover Winn)")
    e = error_of(parse, text)
    msg = located(e, UnknownLudeme, text, "Winn")
    # the enclosing ludeme is (result …): Mover is its first argument, not part of its name
    assert msg == ("unknown word 'Winn' in (result …); expected 'Draw', 'Loss' or 'Win'; "
                   "did you mean 'Win'?")
    assert e.expected == ["Draw", "Loss", "Win"]


def test_unknown_sites_kind_suggests_empty():
    text = sub("(sites Empty)", "(sites Emtpy)")
    e = error_of(parse, text)
    msg = located(e, UnknownLudeme, text, "Emtpy")
    assert msg.startswith("unknown word 'Emtpy' in (sites …)")
    assert "a role (Mover, Next, Prev, P1, …)" in msg
    assert e.suggestions[0] == "Empty"


def test_unknown_role_suggests_each():
    text = sub('"Marker" Each)', '"Marker" Eachh)')
    e = error_of(parse, text)
    msg = located(e, UnknownLudeme, text, "Eachh")
    assert msg == ("unknown word 'Eachh' in (piece …); expected moves such as (move Add …), "
                   "(add …), (step …), (hop …), (slide …), …, a role (Mover, Next, Prev, "
                   "P1, …), a compass direction (N, NE, E, SE, …) or ')'; did you mean 'Each'?")


# ------------------------------------------------------------------ ludemes in the wrong place

def test_region_where_a_board_is_expected():
    text = sub("(board (hex 5))", "(board (sites Empty))")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "sites Empty))")
    assert msg == ("(sites Empty) is a region and cannot be used in (board …); expected a board "
                   "such as (hex …), (square …), (rectangle …), (tri Hexagon …), (rotate …), …")
    assert e.suggestions == []


def test_condition_where_moves_are_expected():
    text = sub("(play (move Add (to (sites Empty))))", "(play (is Line 3))")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "is Line 3")
    assert msg.startswith("(is Line …) is a condition and cannot be used in (play …); "
                          "expected moves such as (move Add …)")
    assert e.suggestions == []  # 'is' is no misspelt 'if'


def test_moves_where_a_condition_is_expected():
    text = sub("(if (is Line 4)", "(if (move Pass)")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "move Pass")
    assert msg.startswith("(move Pass …) is a moves ludeme and cannot be used in (if …); "
                          "expected a condition such as (is Line …)")
    assert msg.endswith("or True/False")


def test_missing_players_names_what_game_expects():
    text = sub("    (players 2)\n", "")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "equipment")
    assert msg == "(equipment …) cannot be used in (game …); expected (players …)"
    assert e.expected == ["players"]


def test_missing_play_names_what_rules_expects():
    text = sub("        (play (move Add (to (sites Empty))))\n", "")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "end")
    assert msg == ("(end …) cannot be used in (rules …); expected (meta …), (start …), (play …) "
                   "or 'phases:'")


def test_empty_brackets():
    text = sub("(board (hex 5))", "(board ())")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "()) (piece", offset=1)
    assert msg == ("a '(' must be followed by a ludeme's name, found empty brackets () in "
                   "(board …); expected a board such as (hex …), (square …), (rectangle …), "
                   "(tri Hexagon …), (rotate …), …")


# ------------------------------------------------------------------ argument types and counts

def test_string_where_an_int_is_expected():
    text = sub("(hex 5)", '(hex "5")')
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, '"5"')
    assert msg == ("argument 1 in (hex …) is a string; it accepts an integer, 'Diamond', "
                   "'Hexagon', 'Limping', 'Rectangle' or 'Triangle'")


def test_string_for_the_player_count():
    text = sub("(players 2)", '(players "two")')
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, '"two"')
    assert msg == "argument 1 in (players …) is a string; it accepts an integer or an array { … }"


def test_float_where_an_int_is_expected():
    text = sub("(hex 5)", "(hex 5.5)")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "5.5")
    assert msg.startswith("argument 1 in (hex …) is a number; it accepts an integer")


def test_int_where_a_region_is_expected():
    text = sub("(to (sites Empty))", "(to (union (sites Empty) 5))")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "5))))")
    assert msg.startswith("argument 2 in (union …) is an integer; it accepts a region such as "
                          "(sites Empty), (union …)")


def test_array_where_an_int_is_expected():
    text = sub("(hex 5)", "(hex {5})")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "{5}")
    assert msg.startswith("argument 1 in (hex …) is an array { … }; it accepts an integer")


def test_missing_argument():
    text = sub("(hex 5)", "(hex)")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, ")) (piece")
    assert msg == ("(hex …) is missing an argument: expected an integer, 'Diamond', "
                   "'Hexagon', 'Limping', 'Rectangle' or 'Triangle'")
    assert e.expected == ["Diamond", "Hexagon", "Limping", "Rectangle", "Triangle"]


def test_missing_second_argument_is_numbered():
    text = sub("(hex 5)", "(hex Rectangle 5)")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, ")) (piece")
    assert msg == "(hex Rectangle …) is missing argument 2: expected an integer"


def test_missing_outcome_of_an_end_clause():
    text = sub("(if (is Line 4) (result Mover Win))", "(if (is Line 4))")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "(is Line 4))", offset=11)
    assert msg == ("(if …) is missing argument 2: expected an end clause such as (if …), "
                   "(forEach …), an outcome such as (result …), (byScore …) or an array { … }")


def test_too_many_arguments():
    text = sub("(hex 5)", "(hex 5 6)")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "6)")
    assert msg == "too many arguments in (hex …): an integer after argument 1; expected ')'"
    assert e.expected == [")"]


def test_too_many_arguments_names_the_extra_ludeme():
    text = sub("(players 2)", "(players 2 (hex 3))")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "(hex 3)")
    assert msg == "too many arguments in (players …): (hex …) after argument 1; expected ')'"


def test_misspelt_named_argument_suggests_exact():
    text = sub("(is Line 4)", "(is Line 4 exac:True)")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "exac:")
    assert msg.startswith("no named argument 'exac:' in (is Line …); expected ")
    assert "a compass direction (N, NE, E, SE, …), 'Adjacent', 'All'" in msg
    assert "'contiguous:', 'exact:', 'through:', 'what:', 'whats:' or ')'" in msg
    assert msg.endswith("; did you mean 'exact:'?")
    assert e.suggestions == ["exact:"]


def test_named_argument_of_the_wrong_type():
    text = sub("(is Line 4)", "(is Line 4 exact:5)")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "exact:5", offset=6)
    assert msg == "the value of 'exact:' in (is Line …) is an integer; it accepts True/False"


def test_empty_array():
    text = sub('{ (board (hex 5)) (piece "Marker" Each) }', "{ }")
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "})")
    assert msg.startswith("the array of (equipment …) is empty: expected an item of equipment "
                          "such as (board …)")


def test_wrong_item_in_an_array():
    text = sub('(piece "Marker" Each) }', '(piece "Marker" Each) 7 }')
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, "7 }")
    assert msg.startswith("argument 3 in the array of (equipment …) is an integer; it accepts "
                          "an item of equipment such as (board …)")


# ------------------------------------------------------------------ fragments

def test_fragment_ending_too_early():
    e = error_of(parse_fragment, "(hex 5", "board")
    msg = located(e, LudiSyntaxError, "(hex 5", "5")
    assert msg == "the text ends too early inside (hex …): expected ')'"


def test_fragment_with_text_after_it():
    e = error_of(parse_fragment, "(hex 5) (hex 6)", "board")
    msg = located(e, ArgumentError, "(hex 5) (hex 6)", "(hex 6)")
    assert msg == "expected nothing more here, found (hex …)"


def test_fragment_of_the_wrong_kind():
    e = error_of(parse_fragment, "5", "region")
    msg = located(e, ArgumentError, "5", "5")
    assert msg.startswith("expected a region such as (sites Empty), ")
    assert msg.endswith(", found an integer")


def test_fragment_missing_a_region():
    e = error_of(parse_fragment, "(union (sites Empty))", "region")
    msg = located(e, ArgumentError, "(union (sites Empty))", "Empty))", offset=6)
    assert msg.startswith("(union …) is missing argument 2: expected a region such as "
                          "(sites Empty), ")


# ------------------------------------------------------------------ options and rulesets

def test_unknown_option_category_in_parse():
    e = error_of(parse, OPTIONS, options={"Board Sise": "Small"})
    assert type(e) is OptionError
    assert e.message == ("no option \"Board Sise\"; options: 'Board Size'; "
                         "did you mean 'Board Size'?")
    assert e.suggestions == ["Board Size"] and e.expected == ["Board Size"]


def test_unknown_option_item_in_parse():
    e = error_of(parse, OPTIONS, options={"Board Size": "Smal"})
    assert type(e) is OptionError
    assert e.message == ('option "Board Size" has no item "Smal"; items: "Small", "Medium", '
                         "\"Large\"; did you mean 'Small'?")
    assert e.expected == ["Small", "Medium", "Large"]
    assert e.suggestions[0] == "Small"


def test_options_given_as_an_unreadable_string():
    e = error_of(parse, OPTIONS, options="Board Size")
    assert type(e) is OptionError
    assert e.message.startswith('cannot read option "Board Size"; write "Category=Item"')


def test_unknown_option_item_of_a_shipped_game():
    e = error_of(load_description, "yavalath",
                 options={"Board Size & Ruleset": "Five-not-fuor"})
    assert type(e) is OptionError
    assert e.message.startswith('option "Board Size & Ruleset" has no item "Five-not-fuor"; '
                                'items: "Standard", "Five-not-four", "Compact"')
    assert e.message.endswith("did you mean 'Five-not-four'?")
    assert e.suggestions[0] == "Five-not-four"


def test_unknown_option_category_of_a_shipped_game():
    e = error_of(load_description, "yavalath", options={"Board Size": "Compact"})
    assert type(e) is OptionError
    assert "options: 'Board Size & Ruleset', 'Pie Rule', 'Players'" in e.message
    assert e.suggestions[0] == "Board Size & Ruleset"


def test_unknown_ruleset_suggests_the_nearest():
    e = error_of(parse, OPTIONS, ruleset="Tiny (Sugested)")
    assert type(e) is OptionError
    assert e.message == ("no ruleset \"Tiny (Sugested)\"; rulesets: 'Tiny (Suggested)', "
                         "'Misspelt'; did you mean 'Tiny (Suggested)'?")
    # a prefix of a ruleset's name is suggested too
    assert error_of(parse, OPTIONS, ruleset="Tiny").suggestions == ["Tiny (Suggested)"]


def test_ruleset_of_a_game_without_rulesets():
    e = error_of(load_description, "yavalath", ruleset="Standard")
    assert type(e) is OptionError
    assert e.message == 'no ruleset "Standard"; this game defines no rulesets'


def test_ruleset_naming_an_unknown_item_is_located():
    e = error_of(parse, OPTIONS, ruleset="Misspelt")
    msg = located(e, OptionError, OPTIONS, '"Board Size/Smal"')
    assert msg.startswith('ruleset "Misspelt": option "Board Size" has no item "Smal"')
    assert e.suggestions[0] == "Small"


def test_unknown_placeholder_without_options():
    text = sub("(hex 5)", "(hex <Foo>)")
    e = error_of(parse, text)
    msg = located(e, OptionError, text, "<Foo>")
    assert msg == "no option defines <Foo>; this description has no (option …)"


def test_unknown_placeholder_suggests_the_nearest_key():
    text = sub("(hex <Size>)", "(hex <Sise>)", OPTIONS)
    e = error_of(parse, text)
    msg = located(e, OptionError, text, "<Sise>")
    assert msg == "no option defines <Sise>; keys: <Size>; did you mean 'Size'?"
    assert e.suggestions == ["Size"]


def test_placeholder_with_an_unknown_argument():
    text = sub("(hex <Size>)", "(hex <Size:m>)", OPTIONS)
    e = error_of(parse, text)
    msg = located(e, OptionError, text, "<Size:m>")
    assert msg == "option <Size> has no argument 'm'; arguments: n"


def test_option_item_with_the_wrong_number_of_values():
    text = sub('(item "Small" <4> "Side 4.")', '(item "Small" <4> <5> "Side 4.")', OPTIONS)
    e = error_of(parse, text)
    msg = located(e, OptionError, text, '(item "Small"')
    assert msg == ('item "Small" gives 2 value(s) but the option declares 1 argument(s): <n>')


def test_option_without_args():
    text = sub("<Size> args:{<n>} {", "<Size> {", OPTIONS)
    e = error_of(parse, text)
    msg = located(e, OptionError, text, "{\n    (item")
    assert msg == "expected args:{ <name> … }"


def test_option_without_items():
    text = GAME + '\n(option "Board Size" <Size> args:{<n>} { })\n'
    e = error_of(parse, text)
    msg = located(e, OptionError, text, "{ })")
    assert msg == "an option needs at least one (item …)"


def test_error_inside_an_option_value_is_reported_where_the_value_is_written():
    e = error_of(parse, OPTIONS, options={"Board Size": "Large"})
    msg = located(e, UnknownLudeme, OPTIONS, "hexx")
    assert msg.startswith("unknown word 'hexx' in (hex …); expected an integer")


# ------------------------------------------------------------------ defines

def test_unknown_define_suggests_the_nearest():
    text = sub("(is Line 4)", '("Lin4")') + '\n(define "Line4" (is Line 4))\n'
    e = error_of(parse, text)
    msg = located(e, DefineError, text, '"Lin4"')
    assert msg.startswith("unknown define \"Lin4\"; did you mean 'Line4'?")
    assert e.suggestions == ["Line4"]


def test_define_parameter_outside_a_define():
    text = sub("(hex 5)", "(hex #1)")
    e = error_of(parse, text)
    msg = located(e, DefineError, text, "#1")
    assert msg == "parameter #1 outside a (define …)"


def test_self_recursive_define():
    text = sub("(is Line 4)", '("Loop")') + '\n(define "Loop" (not ("Loop")))\n'
    e = error_of(parse, text)
    msg = located(e, DefineError, text, '("Loop")))')
    assert msg == 'define "Loop" expands without end'


def test_define_without_a_body_expands_to_nothing():
    # Ludii allows (define "X") and expands ("X") to nothing; used where a ludeme is required,
    # the grammar names what is missing
    text = sub("(is Line 4)", '("Win")') + '\n(define "Win")\n'
    e = error_of(parse, text)
    assert e.message.startswith("(result …) is an outcome and cannot be used in (if …); "
                                "expected a condition")


def test_error_inside_a_define_body_is_reported_in_the_define():
    text = sub("(is Line 4)", '("Win")') + '\n(define "Win" (is Lin 4))\n'
    e = error_of(parse, text)
    msg = located(e, UnknownLudeme, text, "Lin 4")
    assert msg.endswith("did you mean 'Line'?")


def test_error_in_a_define_argument_is_reported_at_the_call():
    text = sub("(is Line 4)", '("Ln" "four")') + '\n(define "Ln" (is Line #1))\n'
    e = error_of(parse, text)
    msg = located(e, ArgumentError, text, '"four"')
    assert msg.startswith("argument 1 in (is Line …) is a string; it accepts")
    assert "an integer such as 3, (count …)" in msg


# ------------------------------------------------------------------ games and files

def test_game_not_found_suggests_names():
    e = error_of(load_description, "yavalth")
    assert type(e) is GameNotFound
    assert e.message.startswith("no shipped game or file 'yavalth'; shipped games: ")
    assert "hex" in e.expected and "yavalath" in e.expected
    assert e.suggestions[0] == "yavalath"
    assert e.message.endswith("did you mean " + " or ".join(repr(s) for s in e.suggestions) + "?")


def test_nonexistent_lud_path(tmp_path):
    path = tmp_path / "nothere.lud"
    e = error_of(load_description, path)
    assert type(e) is GameNotFound
    assert e.file == str(path)
    assert str(e) == f"{path}: game not found: no such file: {path}"


def test_errors_in_a_file_name_the_file(tmp_path):
    path = tmp_path / "bad.lud"
    text = sub("(hex 5)", "(hexx 5)")
    path.write_text(text, encoding="utf-8")
    e = error_of(load_description, str(path))
    located(e, UnknownLudeme, text, "hexx", file=str(path))


def test_every_error_is_exported_from_ludi():
    for cls in (ArgumentError, DefineError, GameNotFound, LudiSyntaxError, OptionError,
                UnknownLudeme):
        assert getattr(ludi, cls.__name__) is cls
        assert issubclass(cls, ludi.LudiError)


# ------------------------------------------------------------------ the command line

def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ludi", "parse", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_cli_syntax_error_in_a_file(tmp_path):
    path = tmp_path / "bad.lud"
    text = sub("(hex 5)", "(hex 5 6)")
    path.write_text(text, encoding="utf-8")
    r = run_cli(str(path))
    assert r.returncode == 2
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    line, col = at(text, "6)")
    lines = r.stderr.rstrip("\n").split("\n")
    assert lines[0] == (f"{path}:{line}:{col}: wrong argument: too many arguments in (hex …): "
                        "an integer after argument 1; expected ')'")
    assert lines[1] == "    " + text.split("\n")[line - 1]
    assert lines[2] == "    " + " " * (col - 1) + "^"
    assert len(lines) == 3


def test_cli_unclosed_paren(tmp_path):
    path = tmp_path / "open.lud"
    text = GAME.rstrip()[:-1]
    path.write_text(text, encoding="utf-8")
    r = run_cli(str(path))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"{path}:1:1: syntax error: '(' is never closed")
    assert "\n    ^\n" in r.stderr


def test_cli_unknown_game():
    r = run_cli("yavalth")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith("game not found: no shipped game or file 'yavalth'")
    assert "did you mean 'yavalath'" in r.stderr


def test_cli_missing_file():
    r = run_cli("no/such/game.lud")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip() == "no/such/game.lud: game not found: no such file: no/such/game.lud"


def test_cli_bad_option_item():
    r = run_cli("yavalath", "--option", "Board Size & Ruleset=Five-not-fuor")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert 'has no item "Five-not-fuor"' in r.stderr
    assert "did you mean 'Five-not-four'?" in r.stderr


def test_cli_bad_ruleset():
    r = run_cli("yavalath", "--ruleset", "Nope")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip() == (f'{ROOT / "ludi" / "games" / "yavalath.lud"}: option error: '
                                'no ruleset "Nope"; this game defines no rulesets')
