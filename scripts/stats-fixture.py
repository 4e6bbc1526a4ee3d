#!/usr/bin/python3
"""Reference values for src/modules/experiments/stats.ts, computed with SciPy.

Run with Debian's python3-scipy (apt-get install python3-scipy):
    /usr/bin/python3 scripts/stats-fixture.py > test/fixtures/stats-scipy.json
The tests read the committed fixture, so CI needs no Python.
"""
import json
import math

import numpy as np
from scipy import stats

rng = np.random.default_rng(20261122)
ALPHA = 0.05


def welch_df(vc, vt, nc, nt):
    return (vc + vt) ** 2 / (vc ** 2 / (nc - 1) + vt ** 2 / (nt - 1))


def relative(mc, mt, vc, vt, nc, nt, alpha):
    effect = mt / mc - 1
    var = vt / mc ** 2 + mt ** 2 * vc / mc ** 4
    sd = math.sqrt(var)
    df = welch_df(vc, vt, nc, nt)
    crit = stats.t.ppf(1 - alpha / 2, df)
    p = 2 * stats.t.sf(abs(effect / sd), df)
    return {"effect": effect, "ci": [effect - crit * sd, effect + crit * sd], "stddev": sd, "pValue": p}


def absolute_from_scipy(mc, sc, nc, mt, st, nt, alpha):
    res = stats.ttest_ind_from_stats(mt, st, nt, mc, sc, nc, equal_var=False)
    vc, vt = sc ** 2 / nc, st ** 2 / nt
    sd = math.sqrt(vc + vt)
    effect = mt - mc
    assert abs(res.statistic - effect / sd) < 1e-9 * max(1, abs(res.statistic))
    df = welch_df(vc, vt, nc, nt)
    crit = stats.t.ppf(1 - alpha / 2, df)
    return {"effect": effect, "ci": [effect - crit * sd, effect + crit * sd], "stddev": sd, "pValue": float(res.pvalue)}


cases = {"means": [], "proportions": [], "ratios": [], "srm": [], "power": []}

for i in range(40):
    nc, nt = int(rng.integers(20, 50_000)), int(rng.integers(20, 50_000))
    mc = float(rng.uniform(0, 200))
    mt = mc * float(rng.uniform(0.8, 1.25))
    sc, st = float(rng.uniform(1, 150)), float(rng.uniform(1, 150))
    alpha = [0.05, 0.01, 0.1][i % 3]
    control = {"kind": "mean", "n": nc, "sum": mc * nc, "sumSquares": (nc - 1) * sc ** 2 + nc * mc ** 2}
    treatment = {"kind": "mean", "n": nt, "sum": mt * nt, "sumSquares": (nt - 1) * st ** 2 + nt * mt ** 2}
    cases["means"].append({
        "control": control, "treatment": treatment, "alpha": alpha,
        "absolute": absolute_from_scipy(mc, sc, nc, mt, st, nt, alpha),
        "relative": relative(mc, mt, sc ** 2 / nc, st ** 2 / nt, nc, nt, alpha),
    })

for i in range(40):
    nc, nt = int(rng.integers(50, 200_000)), int(rng.integers(50, 200_000))
    pc = float(rng.uniform(0.005, 0.5))
    pt = min(0.99, pc * float(rng.uniform(0.7, 1.4)))
    xc, xt = int(round(pc * nc)), int(round(pt * nt))
    pc, pt = xc / nc, xt / nt
    alpha = [0.05, 0.01][i % 2]
    sc, st = math.sqrt(pc * (1 - pc)), math.sqrt(pt * (1 - pt))
    cases["proportions"].append({
        "control": {"kind": "proportion", "n": nc, "sum": xc},
        "treatment": {"kind": "proportion", "n": nt, "sum": xt},
        "alpha": alpha,
        "absolute": absolute_from_scipy(pc, sc, nc, pt, st, nt, alpha),
        "relative": relative(pc, pt, pc * (1 - pc) / nc, pt * (1 - pt) / nt, nc, nt, alpha),
    })


def ratio_arm(n, lift):
    x = rng.poisson(3, n).astype(float) + 1
    y = x * rng.gamma(2, 10 * lift, n)
    stat = {"kind": "ratio", "n": n, "numeratorSum": float(y.sum()), "numeratorSumSquares": float((y * y).sum()),
            "denominatorSum": float(x.sum()), "denominatorSumSquares": float((x * x).sum()),
            "numeratorDenominatorSum": float((x * y).sum())}
    r = y.sum() / x.sum()
    cov = np.cov(np.vstack([y, x]), ddof=1)
    unit_var = (cov[0, 0] - 2 * r * cov[0, 1] + r * r * cov[1, 1]) / x.mean() ** 2
    return stat, float(r), float(unit_var / n)


for i in range(20):
    nc, nt = int(rng.integers(100, 5000)), int(rng.integers(100, 5000))
    control, rc, vc = ratio_arm(nc, 1.0)
    treatment, rt, vt = ratio_arm(nt, float(rng.uniform(0.9, 1.15)))
    sd = math.sqrt(vc + vt)
    df = welch_df(vc, vt, nc, nt)
    crit = stats.t.ppf(1 - ALPHA / 2, df)
    effect = rt - rc
    cases["ratios"].append({
        "control": control, "treatment": treatment, "alpha": ALPHA,
        "absolute": {"effect": effect, "ci": [effect - crit * sd, effect + crit * sd], "stddev": sd,
                     "pValue": float(2 * stats.t.sf(abs(effect / sd), df))},
        "relative": relative(rc, rt, vc, vt, nc, nt, ALPHA),
    })

srm_inputs = [
    ([5000, 5000], [0.5, 0.5]), ([5060, 4940], [0.5, 0.5]), ([5200, 4800], [0.5, 0.5]),
    ([3100, 6900], [0.3, 0.7]), ([30, 70], [0.5, 0.5]), ([1000, 1000, 1000], [1, 1, 1]),
    ([900, 1100, 1000], [0.3, 0.4, 0.3]), ([480, 520, 7], [0.5, 0.5, 0]), ([12, 9], [0.5, 0.5]),
    ([100000, 101000], [0.5, 0.5]), ([250, 250, 500], [0.25, 0.25, 0.5]),
]
for observed, weights in srm_inputs:
    kept = [(o, w) for o, w in zip(observed, weights) if w > 0]
    total = sum(o for o, _ in kept)
    wsum = sum(w for _, w in kept)
    res = stats.chisquare([o for o, _ in kept], [total * w / wsum for _, w in kept])
    cases["srm"].append({"observed": observed, "weights": weights, "pValue": float(res.pvalue)})

for i in range(25):
    mean = float(rng.uniform(0.01, 100))
    variance = float(rng.uniform(0.001, 1000)) if i % 2 else mean * (1 - mean) if mean < 1 else float(rng.uniform(1, 500))
    mde = [0.05, 0.1, 0.02, 0.2][i % 4]
    alpha = [0.05, 0.01][i % 2]
    n = int(rng.integers(100, 1_000_000))
    z = stats.norm.ppf(1 - alpha / 2)
    d = mde * abs(mean)
    se = math.sqrt(2 * variance / n)
    pw = stats.norm.cdf(d / se - z) + stats.norm.cdf(-d / se - z)
    need = math.ceil(2 * variance * (z + stats.norm.ppf(0.8)) ** 2 / d ** 2)
    cases["power"].append({"mean": mean, "variance": variance, "mde": mde, "alpha": alpha, "nPerArm": n,
                           "power": float(pw), "sessionsForPower": need})

print(json.dumps({"generated_by": "scripts/stats-fixture.py", "scipy": __import__("scipy").__version__, "cases": cases}, indent=1))
