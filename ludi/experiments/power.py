"""Power to decide: for each question LUDI asked, whether a committed sample separates what it
compares and, where it does not, about which sample would (80% power at a 5% level, for the
difference the sample shows). Read from the results folders' tables by the results page
(:mod:`ludi.experiments.docs`); nothing here plays a game.

The intervals: a difference of two shares gets Newcombe's hybrid score interval (from each
share's Wilson interval); a difference of two bootstrap-interval means gets the half-widths
added in quadrature; a difference of two means over runs gets Welch's interval, with Cohen's d
as its effect size.
"""

from __future__ import annotations

import math

import pandas as pd

from ludi.measure.measures import wilson

Z = 1.959964  # two-sided 5%
Z_POWER = 0.841621  # 80% power
#: LUDI's culling: 19 of its 1,389 bred rule sets survived (Browne 2008, ch. 8).
LUDI_PASSED, LUDI_BRED = 19, 1389


def share_difference(a: float, n_a: int, b: float, n_b: int) -> tuple[float, float, float]:
    """``a - b`` for two shares of ``n_a`` and ``n_b`` trials, with Newcombe's 95% interval."""
    la, ua = wilson(a * n_a, n_a)
    lb, ub = wilson(b * n_b, n_b)
    d = a - b
    return d, d - math.hypot(a - la, ub - b), d + math.hypot(ua - a, b - lb)


def shares_needed(a: float, b: float) -> float:
    """Trials per arm for 80% power to tell shares ``a`` and ``b`` apart (inf: equal)."""
    d = abs(a - b)
    if d == 0:
        return math.inf
    return math.ceil((Z + Z_POWER) ** 2 * (a * (1 - a) + b * (1 - b)) / d ** 2)


def pie_effect(ladder: pd.DataFrame) -> pd.DataFrame:
    """Per agent: the first player's score with and without the pie rule, the difference
    (without minus with) and its interval, whether it is separated, and the games per arm that
    would separate it."""
    rows = []
    for agent, part in ladder.groupby("agent", sort=False):
        pie = part[part["pie"]].iloc[0]
        bare = part[~part["pie"]].iloc[0]
        d, lo, hi = share_difference(bare["advantage_p1"], int(bare["games"]),
                                     pie["advantage_p1"], int(pie["games"]))
        separated = lo > 0 or hi < 0
        rows.append({"agent": agent, "games": int(pie["games"]),
                     "no pie": bare["advantage_p1"], "pie": pie["advantage_p1"],
                     "difference": d, "lo": lo, "hi": hi, "separated": separated,
                     "games needed": int(pie["games"]) if separated
                     else shares_needed(bare["advantage_p1"], pie["advantage_p1"])})
    return pd.DataFrame(rows)


def rank_separation(table: pd.DataFrame, label: str) -> pd.DataFrame:
    """Each other entry against ``label``: the fitness difference, whether the two 95%
    bootstrap intervals (half-widths in quadrature) separate it, and the games each would need."""
    me = table[table["label"] == label].iloc[0]
    rows = []
    for _, other in table[table["label"] != label].iterrows():
        d = other["fitness"] - me["fitness"]
        se = math.hypot(other["fitness_hi"] - other["fitness_lo"],
                        me["fitness_hi"] - me["fitness_lo"]) / (2 * Z)
        separated = abs(d) > Z * se
        n = int(me["games"])
        needed = n if separated else (math.inf if d == 0 else
                                      math.ceil(n * ((Z + Z_POWER) * se / d) ** 2))
        rows.append({"label": other["label"], "difference": d, "separated": separated,
                     "games needed": needed})
    return pd.DataFrame(rows).sort_values("difference", ascending=False, ignore_index=True)


def culling(funnel_runs: pd.DataFrame, stage: str = "sound") -> pd.DataFrame:
    """Per operator set: the share of bred rule sets that reached ``stage``, its Wilson
    interval, against LUDI's 19 of 1,389, and whether the difference is separated."""
    ludi_share = LUDI_PASSED / LUDI_BRED
    rows = []
    for ops, part in funnel_runs.groupby("operators"):
        made, passed = int(part["made"].sum()), int(part[stage].sum())
        share = passed / made if made else float("nan")
        lo, hi = wilson(passed, made)
        d, dlo, dhi = share_difference(share, made, ludi_share, LUDI_BRED)
        rows.append({"operators": ops, "bred": made, "passed": passed, "share": share,
                     "lo": lo, "hi": hi, "LUDI": ludi_share, "difference": d,
                     "separated": dlo > 0 or dhi < 0,
                     "bred needed": made if dlo > 0 or dhi < 0
                     else shares_needed(share, ludi_share)})
    return pd.DataFrame(rows)


def method_effects(curves: pd.DataFrame, measure: str = "best",
                   baseline: str = "random") -> pd.DataFrame:
    """Each search method against ``baseline`` at the end of its budget: the mean of
    ``measure`` over runs, the difference with Welch's 95% interval, Cohen's d, whether it is
    separated, and the runs per method that would separate it."""
    last = curves[curves["evaluations"] == curves.groupby(["mode", "run"])["evaluations"]
                  .transform("max")]
    final = last.groupby(["mode", "run"])[measure].max()
    base = final.loc[baseline].to_numpy(float)
    rows = []
    for mode in final.index.get_level_values("mode").unique():
        if mode == baseline:
            continue
        x = final.loc[mode].to_numpy(float)
        d = x.mean() - base.mean()
        se = math.sqrt(x.var(ddof=1) / len(x) + base.var(ddof=1) / len(base)) \
            if len(x) > 1 and len(base) > 1 else float("nan")
        pooled = math.sqrt((x.var(ddof=1) + base.var(ddof=1)) / 2) \
            if len(x) > 1 and len(base) > 1 else float("nan")
        cohen = d / pooled if pooled and pooled > 0 else float("nan")
        separated = bool(se > 0 and abs(d) > Z * se) if not math.isnan(se) else False
        needed = len(x) if separated else (
            math.ceil(2 * (Z + Z_POWER) ** 2 / cohen ** 2) if cohen and not math.isnan(cohen)
            else math.inf)
        rows.append({"method": mode, "runs": len(x), "mean": x.mean(),
                     baseline: base.mean(), "difference": d, "lo": d - Z * se,
                     "hi": d + Z * se, "cohen_d": cohen, "separated": separated,
                     "runs needed": needed})
    return pd.DataFrame(rows)


def arm_effect(arms: pd.DataFrame) -> pd.DataFrame:
    """The rediscovery study's two arms (first minus second): for the rule being made at all
    (``made``) and reaching the hall of fame (``fame``), the difference of the shares of runs,
    Newcombe's interval, whether it is separated, and the runs per arm that would separate it."""
    a, b = arms.iloc[0], arms.iloc[1]
    rows = []
    for column, what in (("made", "the rule made"), ("fame", "in the hall of fame")):
        sa, sb = a[column] / a["runs"], b[column] / b["runs"]
        d, lo, hi = share_difference(sa, int(a["runs"]), sb, int(b["runs"]))
        separated = lo > 0 or hi < 0
        rows.append({"outcome": what, a["arm"]: sa, b["arm"]: sb, "difference": d, "lo": lo,
                     "hi": hi, "separated": separated,
                     "runs needed": int(a["runs"]) if separated else shares_needed(sa, sb)})
    return pd.DataFrame(rows)
