"""Ludii's text mechanisms, checked by hand: ``(define …)``, ``(option …)``, ``(rulesets …)``.

Each test writes a small description, expands it, and compares the result with a hand-written
expected text as trees (so whitespace and line breaks do not matter).
"""

from __future__ import annotations

import pytest

from ludi.errors import DefineError, LudiSyntaxError, OptionError
from ludi.lang import load_description, parse, parse_fragment
from ludi.lang.expand import expand


def game(
    *,
    players="2",
    board="(square 3)",
    rules_head="",
    play="(play (move Add (to (sites Empty))))",
    end="(end (if (is Line 3) (result Mover Win)))",
    name="G",
) -> str:
    """A small game description with replaceable parts."""
    return (
        f'(game "{name}" (players {players})'
        f' (equipment {{(board {board}) (piece "Disc" Each)}})'
        f" (rules {rules_head} {play} {end}))"
    )


def assert_expands_to(text: str, expected: str, **kwargs):
    """``text`` expands (with ``kwargs`` passed to parse) to the game written as ``expected``."""
    d = parse(text, **kwargs)
    want = parse(expected).tree
    assert d.tree == want, f"\n got: {d.to_text()}\nwant: {want.to_text()}"
    # and the printed expansion is the same game again
    assert parse(d.to_text()).tree == want
    return d


# ------------------------------------------------------------------ defines


def test_define_with_two_parameters():
    text = '(define "LineWin" (if (is Line #1 #2) (result Mover Win)))\n' + game(
        end='(end ("LineWin" 4 All))'
    )
    d = assert_expands_to(text, game(end="(end (if (is Line 4 All) (result Mover Win)))"))
    assert d.tree.find("cond_is_line")[0].args[0] == 4


def test_define_with_a_missing_argument_drops_the_parameter():
    # as in Ludii: ("LineWin" 4) leaves #2 out
    text = '(define "LineWin" (if (is Line #1 #2) (result Mover Win)))\n' + game(
        end='(end ("LineWin" 4))'
    )
    assert_expands_to(text, game(end="(end (if (is Line 4) (result Mover Win)))"))
    # a define with one parameter, called without arguments (Ludii's ("Line3Win"))
    text = '(define "Line3Win" (if (is Line 3 #1) (result Mover Win)))\n' + game(
        end='(end ("Line3Win"))'
    )
    assert_expands_to(text, game(end="(end (if (is Line 3) (result Mover Win)))"))


def test_parameters_can_be_used_twice_and_in_any_order():
    text = (
        '(define "Both" (and (is Line #2 #1) (is Line #2 #1)))\n'
        + game(end='(end (if ("Both" All 5) (result Mover Win)))')
    )
    assert_expands_to(
        text, game(end="(end (if (and (is Line 5 All) (is Line 5 All)) (result Mover Win)))")
    )


def test_nested_defines():
    text = (
        '(define "Three" 3)\n'
        '(define "Line" (is Line #2 #1))\n'  # parameters swapped on purpose
        '(define "Win" (if ("Line" #1 ("Three")) (result Mover Win)))\n'
        + game(end='(end ("Win" All))')
    )
    assert_expands_to(text, game(end="(end (if (is Line 3 All) (result Mover Win)))"))


def test_define_argument_is_itself_a_define_call():
    text = (
        '(define "Empty" (sites Empty))\n'
        '(define "AddTo" (move Add (to #1)))\n'
        + game(play='(play ("AddTo" ("Empty")))')
    )
    assert_expands_to(text, game())


def test_define_body_with_several_ludemes_is_spliced():
    text = (
        '(define "Ends" (if (is Line 4) (result Mover Win)) (if (is Line 3) (result Mover Loss)))\n'
        + game(end='(end {("Ends")})')
    )
    want = "(end {(if (is Line 4) (result Mover Win)) (if (is Line 3) (result Mover Loss))})"
    assert_expands_to(text, game(end=want))


def test_defines_may_follow_the_game():
    text = game(end='(end ("W"))') + '\n(define "W" (if (is Line 3) (result Mover Win)))'
    assert_expands_to(text, game())


def test_define_library_folder_and_file_defines(tmp_path, monkeypatch):
    (tmp_path / "lib.def").write_text(
        "// a library define\n"
        '(define "LibWin" (if (is Line #1) (result Mover Win)))\n'
        '(define "Size" 4)\n'
    )
    text = game(board='(square ("Size"))', end='(end ("LibWin" 5))')
    want = game(board="(square 4)", end="(end (if (is Line 5) (result Mover Win)))")
    assert_expands_to(text, want, defines=str(tmp_path))
    assert_expands_to(text, want, defines=[tmp_path])
    # a define in the file wins over the library's
    assert_expands_to('(define "Size" 6)\n' + text,
                      want.replace("(square 4)", "(square 6)"), defines=tmp_path)
    # without the library the define is unknown
    with pytest.raises(DefineError):
        parse(text)
    # LUDI_DEFINE_PATH names library folders too
    monkeypatch.setenv("LUDI_DEFINE_PATH", str(tmp_path))
    assert_expands_to(text, want)


def expanded(text: str, **kwargs) -> str:
    """The expanded game as one line of tokens (for forms the grammar does not read yet)."""
    return " ".join(t.text for t in expand(text, **kwargs).game.tokens())


def test_string_arrays_are_not_define_calls_and_bare_strings_are_defines():
    # Ludii expands "Name" wherever it names a define, and leaves other strings alone
    text = ('(define "Corners" (sites {"A1" "C3"}))\n'
            '(game "G" (rules (play (move Add (to "Corners"))) (end ("Win" 3))))\n'
            '(define "Win" (if (is Line #1) (result Mover Win)))')
    assert expanded(text) == ('( game "G" ( rules ( play ( move Add ( to ( sites { "A1" "C3" } ) '
                              ') ) ) ( end ( if ( is Line 3 ) ( result Mover Win ) ) ) ) )')
    # the game's own name is never expanded, even when a define has that name
    assert expanded('(define "G" 1) (game "G" (players ("G")))') == '( game "G" ( players 1 ) )'


def test_absent_arguments_and_parameters_inside_words():
    text = ('(define "Jump" (move Hop #1 (between #2) (to #3)))\n'
            '(define "Hand" (handSite P#1 #2))\n'
            '(game "G" (rules (play ("Jump" ~ (from) (sites Empty))) (x ("Hand" 2 0))))')
    assert expanded(text) == ('( game "G" ( rules ( play ( move Hop ( between ( from ) ) ( to '
                              '( sites Empty ) ) ) ) ( x ( handSite P2 0 ) ) ) )')


def test_double_brackets_around_a_define_call_collapse():
    text = '(define "L" (is Line 3)) (game "G" (end (if (("L")) (result Mover Win))))'
    assert expanded(text) == '( game "G" ( end ( if ( is Line 3 ) ( result Mover Win ) ) ) )'


def test_number_and_site_ranges():
    text = '(game "G" (x (sites {1..4 9 7..5}) (sites {"A1".."B2"})))'
    assert expanded(text) == ('( game "G" ( x ( sites { 1 2 3 4 9 7 6 5 } ) '
                              '( sites { "A1" "A2" "B1" "B2" } ) ) )')
    with pytest.raises(DefineError, match="longer than 1000"):
        expand('(game "G" (x (sites {1..5000})))')


def test_option_forms_of_ludiis_library():
    # an argument name with a space, two options sharing a key, and defines inside an item
    text = ('(option "Board Size" <Board> args:{ <size > } { (item "3x3" <3> "d")* })\n'
            '(option "Shape" <Board> args:{ <kind> } { (item "Square" <square> "d")* })\n'
            '(option "Rules" <Rules> args:{ <defs> } '
            '{ (item "A" <(define "Win" (is Line 3))> "d")* })\n'
            '<Rules:defs>\n'
            '(game "G" (board (<Board:kind> <Board:size>)) (end (if ("Win") (result Mover Win))))')
    assert expanded(text) == ('( game "G" ( board ( square 3 ) ) ( end ( if ( is Line 3 ) '
                              '( result Mover Win ) ) ) )')


def test_match_files_are_refused_by_name():
    with pytest.raises(LudiSyntaxError, match=r"\(match …\) plays several games"):
        expand('(match "M" (players 2) (games {}))')


def test_define_library_in_subfolders_and_found_from_the_tree(tmp_path):
    (tmp_path / "def" / "rules" / "win").mkdir(parents=True)
    (tmp_path / "def" / "rules" / "win" / "w.def").write_text(
        '(define "LibWin" (if (is Line #1) (result Mover Win)))')
    (tmp_path / "board" / "space").mkdir(parents=True)
    lud = tmp_path / "board" / "space" / "G (Test).lud"
    lud.write_text(game(end='(end ("LibWin" 3))'))
    # the def/ tree is read recursively, and a file inside the tree finds it by itself
    assert parse(lud.read_text(), defines=tmp_path / "def").tree == parse(game()).tree
    assert load_description(str(lud)).tree == parse(game()).tree


# ------------------------------------------------------------------ options


def size_option(items: str) -> str:
    return f'(option "Board Size" <Board> args:{{<size>}} {{ {items} }})'


@pytest.mark.parametrize(
    ("items", "default", "size"),
    [
        ('(item "a" <3> "A.") (item "b" <4> "B.")* (item "c" <5> "C.")', "b", 4),
        # the most stars wins
        ('(item "a" <3> "A.")* (item "b" <4> "B.")** (item "c" <5> "C.")*', "b", 4),
        ('(item "a" <3>)* (item "b" <4>) (item "c" <5>)***', "c", 5),
        # no stars: the first item
        ('(item "a" <3> "A.") (item "b" <4> "B.") (item "c" <5> "C.")', "a", 3),
        # equal stars: the first of them
        ('(item "a" <3>) (item "b" <4>)* (item "c" <5>)*', "b", 4),
    ],
)
def test_default_item_has_the_most_stars(items, default, size):
    text = game(board="(square <Board:size>)") + "\n" + size_option(items)
    d = assert_expands_to(text, game(board=f"(square {size})"))
    assert d.options == {"Board Size": default}
    (option,) = d.available
    assert option.category == "Board Size"
    assert option.default.name == default
    assert [i.name for i in option.items] == ["a", "b", "c"]


def test_choosing_an_item():
    text = game(board="(square <Board:size>)") + "\n" + size_option(
        '(item "a" <3>)* (item "b" <4>) (item "c" <5>)'
    )
    d = assert_expands_to(text, game(board="(square 5)"), options={"Board Size": "c"})
    assert d.options == {"Board Size": "c"}


def test_multi_argument_option():
    text = game(
        board="(hex <Rules:size>)",
        end="(end {(if (is Line <Rules:win>) (result Mover Win))"
        " (if (is Line <Rules:lose>) (result Mover Loss))})",
    ) + """
    (option "Rules" <Rules> args:{<size> <win> <lose>} {
        (item "Standard" <5> <4> <3> "Four wins, three loses.")*
        (item "Big" <6> <5> <4> "Five wins, four loses.")
    })"""
    std = "(end {(if (is Line 4) (result Mover Win)) (if (is Line 3) (result Mover Loss))})"
    big = "(end {(if (is Line 5) (result Mover Win)) (if (is Line 4) (result Mover Loss))})"
    assert_expands_to(text, game(board="(hex 5)", end=std))
    assert_expands_to(text, game(board="(hex 6)", end=big), options={"Rules": "Big"})


def test_key_without_argument_name_for_a_one_argument_option():
    items = '(item "a" <3>) (item "b" <7>)**'
    assert_expands_to(game(board="(square <Board>)") + size_option(items),
                      game(board="(square 7)"))
    # <Board> and <Board:size> mean the same thing
    assert_expands_to(game(board="(square <Board>)", players="<Board:size>") + size_option(items),
                      game(board="(square 7)", players="7"))


def test_empty_item_removes_the_placeholder():
    opt = """(option "End" <End> args:{<exact>} {
        (item "Exact" <exact:True> "Exactly.")*
        (item "Free" <> "Five or more.")
        (item "Free too" <
        > "An empty value written over two lines.")
    })"""
    text = game(end="(end (if (is Line 5 All <End:exact>) (result Mover Win)))") + opt
    assert_expands_to(text, game(end="(end (if (is Line 5 All exact:True) (result Mover Win)))"))
    for item in ("Free", "Free too"):
        assert_expands_to(text, game(end="(end (if (is Line 5 All) (result Mover Win)))"),
                          options={"End": item})


def test_item_value_with_several_ludemes_is_spliced():
    opt = """(option "Players" <Version> args:{<n> <rules>} {
        (item "2 Players" <2> <(meta (swap)) (play (move Add (to (sites Empty))))> "Two.")**
        (item "3 Players" <3>
            <(play (priority {(move Add (to (sites Winning Next (add (to (sites Empty))))))
                              (move Add (to (sites Empty)))}))>
            "Three.")
    })"""
    text = (
        '(game "G" (players <Version:n>) (equipment {(board (hex 5)) (piece "Disc" Each)})'
        " (rules <Version:rules> (end (if (is Line 4) (result Mover Win)))))" + opt
    )
    assert_expands_to(text, game(board="(hex 5)", rules_head="(meta (swap))",
                                 end="(end (if (is Line 4) (result Mover Win)))"))
    three = game(
        players="3", board="(hex 5)",
        play="(play (priority {(move Add (to (sites Winning Next (add (to (sites Empty))))))"
             " (move Add (to (sites Empty)))}))",
        end="(end (if (is Line 4) (result Mover Win)))",
    )
    assert_expands_to(text, three, options={"Players": "3 Players"})


def test_negative_and_float_item_values():
    opt = """(option "Angle" <Angle> args:{<deg>} {
        (item "None" <0>)*
        (item "Left" <-30>)
        (item "Half" <-30.5>)
        (item "Right" < 30.5 >)
    })"""
    text = game(board="(rotate <Angle> (hex 5))") + opt
    for item, value in [("None", 0), ("Left", -30), ("Half", -30.5), ("Right", 30.5)]:
        d = assert_expands_to(text, game(board=f"(rotate {value} (hex 5))"),
                              options={"Angle": item})
        assert d.tree.find("board_rotate")[0].args[0] == value
        assert type(d.tree.find("board_rotate")[0].args[0]) is type(value)


def test_option_placeholders_inside_defines():
    # Ludii substitutes options in the whole file, defines included
    text = (
        '(define "Size" <Board:size>)\n'
        '(define "Win" (if (is Line <Board:size> #1) (result Mover Win)))\n'
        + game(board='(square ("Size"))', end='(end ("Win" All))')
        + size_option('(item "a" <3>)* (item "b" <4>)')
    )
    assert_expands_to(text, game(board="(square 3)",
                                 end="(end (if (is Line 3 All) (result Mover Win)))"))
    assert_expands_to(text, game(board="(square 4)",
                                 end="(end (if (is Line 4 All) (result Mover Win)))"),
                      options={"Board Size": "b"})


def test_options_and_defines_together():
    # an item value that calls a define, and a define argument that is an option value
    text = (
        '(define "LineWin" (if (is Line #1) (result Mover Win)))\n'
        + game(end="(end <End:rule>)", board='(square ("Sz" <End:n>))')
        + '\n(define "Sz" #1)'
        + """(option "End" <End> args:{<rule> <n>} {
            (item "Three" <("LineWin" 3)> <3>)*
            (item "Four" <("LineWin" 4)> <4>)
        })"""
    )
    assert_expands_to(text, game(board="(square 3)"))
    assert_expands_to(text, game(board="(square 4)",
                                 end="(end (if (is Line 4) (result Mover Win)))"),
                      options="End=Four")


# ------------------------------------------------------------------ how options are named

OPTIONS_TEXT = game(board="(square <Board:size>)", players="<Players:n>") + size_option(
    '(item "6x6" <6>)* (item "8x8" <8>) (item "10x10" <10>)'
) + """(option "Players" <Players> args:{<n>} {
    (item "2 Players" <2>)* (item "3 Players" <3>) (item "4 Players" <4>)
})"""


@pytest.mark.parametrize(
    "options",
    [
        {"Board Size": "8x8", "Players": "3 Players"},
        ["Board Size=8x8", "Players=3 Players"],
        ["Board Size/8x8", "Players/3 Players"],
        [" Board Size = 8x8 ", "Players = 3 Players"],
        ("Board Size=8x8", "Players/3 Players"),
        {"Board Size": "8", "Players": "3"},  # loose item match
        {"Board Size": "8X8", "Players": "3 players"},  # case does not matter
    ],
)
def test_option_name_forms(options):
    d = assert_expands_to(OPTIONS_TEXT, game(board="(square 8)", players="3"), options=options)
    assert d.options == {"Board Size": "8x8", "Players": "3 Players"}


def test_one_option_as_a_string():
    d = assert_expands_to(OPTIONS_TEXT, game(board="(square 10)", players="2"),
                          options="Board Size=10x10")
    assert d.options == {"Board Size": "10x10", "Players": "2 Players"}
    d = parse(OPTIONS_TEXT, "Board Size/10")
    assert d.options["Board Size"] == "10x10"


def test_loose_item_match_in_yavalath():
    d = load_description("yavalath", {"Players": "3"})
    assert d.options["Players"] == "3 Players"
    assert d.tree == load_description("yavalath", {"Players": "3 Players"}).tree
    assert d.tree.find("players")[0].args == (3,)
    hex_ = load_description("hex", "Board Size=9")
    assert hex_.options["Board Size"] == "9x9"
    assert hex_.tree.find("board_hex_diamond")[0].args == (9,)


def test_ambiguous_or_unknown_items_and_options_are_errors():
    text = game(board="(square <Board:size>)") + size_option(
        '(item "3 Small" <3>)* (item "3 Large" <4>)'
    )
    with pytest.raises(OptionError):
        parse(text, {"Board Size": "3"})  # matches two items
    with pytest.raises(OptionError):
        parse(text, {"Board Size": "5"})
    with pytest.raises(OptionError):
        parse(text, {"Board Sise": "3 Small"})
    with pytest.raises(OptionError):
        parse(text, "no separator here")
    assert parse(text, {"Board Size": "3 large"}).options == {"Board Size": "3 Large"}


# ------------------------------------------------------------------ rulesets

RULESETS_TEXT = game(
    board="(square <Board:size>)", end="(end (if (is Line <Line:n>) (result Mover Win)))"
) + size_option('(item "3" <3>)* (item "4" <4>) (item "5" <5>)') + """
(option "Line" <Line> args:{<n>} {
    (item "Three" <3>)* (item "Four" <4>) (item "Five" <5>)
})
(rulesets {
    (ruleset "Ruleset/Small (Classic)" { "Board Size/3" "Line/Three" })
    (ruleset "Ruleset/Medium" { "Board Size/4" "Line/Four" })*
    (ruleset "Ruleset/Large" { "Board Size/5" "Line/Five" })
})
"""


def _sized(size, line):
    return game(board=f"(square {size})",
                end=f"(end (if (is Line {line}) (result Mover Win)))")


def test_starred_ruleset_is_the_default():
    d = assert_expands_to(RULESETS_TEXT, _sized(4, 4))
    assert d.ruleset == "Medium"
    assert d.options == {"Board Size": "4", "Line": "Four"}
    assert d.rulesets == ("Small (Classic)", "Medium", "Large")


@pytest.mark.parametrize("name", ["Large", "Ruleset/Large"])
def test_choosing_a_ruleset_by_name(name):
    d = assert_expands_to(RULESETS_TEXT, _sized(5, 5), ruleset=name)
    assert d.ruleset == "Large"
    assert d.options == {"Board Size": "5", "Line": "Five"}
    d = assert_expands_to(RULESETS_TEXT, _sized(3, 3), ruleset=name.replace("Large",
                                                                             "Small (Classic)"))
    assert d.ruleset == "Small (Classic)"


def test_options_override_the_ruleset():
    d = assert_expands_to(RULESETS_TEXT, _sized(5, 3), ruleset="Small (Classic)",
                          options={"Board Size": "5"})
    assert d.options == {"Board Size": "5", "Line": "Three"}
    assert d.ruleset == "Small (Classic)"
    # and the default ruleset too
    d = assert_expands_to(RULESETS_TEXT, _sized(4, 5), options="Line=Five")
    assert d.ruleset == "Medium"


def test_unstarred_rulesets_leave_the_option_defaults():
    text = RULESETS_TEXT.replace('"Line/Four" })*', '"Line/Four" })')
    d = assert_expands_to(text, _sized(3, 3))
    assert d.ruleset is None
    assert_expands_to(text, _sized(4, 4), ruleset="Medium")


def test_no_ruleset_leaves_the_option_defaults_even_with_a_starred_one():
    # Ludii's random_play.csv was made this way: options' starred items, no ruleset
    from ludi.lang.expand import NO_RULESET

    d = assert_expands_to(RULESETS_TEXT, _sized(3, 3), ruleset=NO_RULESET)
    assert d.ruleset is None


def test_unknown_ruleset_is_an_error():
    with pytest.raises(OptionError):
        parse(RULESETS_TEXT, ruleset="Huge")
    with pytest.raises(OptionError):
        parse(game(), ruleset="Medium")


# ------------------------------------------------------------------ metadata


def test_metadata_is_kept_and_does_not_change_the_game():
    meta = """(metadata (info {
        (description "A small test game.")
        (rules "Three in a row wins.")
        (author "Nobody")
    }) (graphics {(board Colour Phase0 (colour 1 2 3))}))"""
    d = parse(game() + "\n" + meta)
    assert d.metadata["description"] == "A small test game."
    assert d.metadata["rules"] == "Three in a row wins."
    assert d.metadata["author"] == "Nobody"
    plain = parse(game())
    assert plain.metadata == {}
    assert d.tree == plain.tree
    assert d.hash == plain.hash
    assert "metadata" not in d.to_text()


def test_shipped_metadata():
    d = load_description("havannah")
    assert d.metadata["description"].startswith("Havannah is a connection game")
    assert d.metadata["author"] == "Christian Freeling"
    assert d.metadata["date"] == "1979"


def test_parse_fragment_does_not_need_a_game():
    node = parse_fragment("(if (is Line 3) (result Mover Win))", "clause")
    assert node.rule == "clause_if"
    assert parse(game()).tree.find("clause_if")[0] == node


def test_forms_ludiis_files_rely_on():
    # a quote after a backslash does not end a string, even after two backslashes (Ludii's
    # metadata has "<a href=\\"…\\">"); a stray '>' in an option's args is read past; a define
    # that an option's value puts inside the game is taken out of it, as Ludii does
    text = ('(option "O" <O> args:{<a>>} { (item "I" <(define "W" (is Line #1))> "d")* })\n'
            '(game "G" (rules <O:a> (end (if ("W" 3) (result Mover Win)))))\n'
            '(metadata (info {(source "<a href=\\\\"x\\\\" />")}))')
    assert expanded(text) == ('( game "G" ( rules ( end ( if ( is Line 3 ) '
                              '( result Mover Win ) ) ) ) )')
