#!/usr/bin/env python3
"""Writes the private inputs of the runs demo (three runs, two episodes).

The texts are synthetic: each writer's section is its own words with, in
some runs, a stretch copied from the episode's example, so that the runs
differ. Run it from this folder; the output is committed, and the test that
checks the demo's figures reads the files, not this script.
"""
import os
import random

ROOT = "private"
EPISODES = {"canal": "canal", "ferry": "ferry"}
RUNS = ["first", "second", "third"]
WRITERS = ["Fernwick Ode", "Palisade Rowan", "Quarto Lumen"]
SECTIONS = ["HOOK", "BODY", "CLOSE"]
LENGTHS = {"HOOK": 40, "BODY": 90, "CLOSE": 40}

EXAMPLE_WORDS = """barge towpath lock keeper sluice gate ledger cargo coal timber wharf
mooring bollard horse rope lantern dusk dawn toll clerk warehouse basin tide
ferryman pier crossing fare passenger plank oar current estuary gull mist
bell signal harbour rope knot deck hull keel rudder tiller ballast quay
market grain flour miller sack wagon road bridge arch stone brick chimney""".split()
OWN_WORDS = """quiet morning neighbours gathered early while children carried bread
toward narrow lanes where older houses leaned together under grey roofs and
somebody always whistled the same tune before shops opened their shutters
letters arrived twice weekly bringing news prices rumours weddings quarrels
schoolteachers counted pupils doctors visited farms preachers argued councils
voted taxes rose fell families moved away returned stayed remembered forgot""".split()


def words(rng, vocab, n):
    return [rng.choice(vocab) for _ in range(n)]


def sentences(ws):
    out, line = [], []
    for i, w in enumerate(ws):
        line.append(w)
        if len(line) >= 9 or i == len(ws) - 1:
            out.append(" ".join(line).capitalize() + ".")
            line = []
    return " ".join(out)


def copied(writer, episode, section, run):
    """How many words the writer copies from the example in this run."""
    base = {0: 18, 1: 6, 2: 11}[writer]
    shift = {0: 0, 1: 4, 2: -3}[run]
    if section == "CLOSE":
        base -= 4
    if episode == 1:
        base += 2
    return max(0, base + shift)


def main():
    for e, episode in enumerate(sorted(EPISODES)):
        rng = random.Random(1000 + e)
        examples = {s: words(rng, EXAMPLE_WORDS, LENGTHS[s]) for s in SECTIONS}
        d = os.path.join(ROOT, "episodes", episode)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "examples.md"), "w") as f:
            for s in SECTIONS:
                f.write(f"## {s}\n{sentences(examples[s])}\n\n")
        for r, run in enumerate(RUNS):
            rd = os.path.join(d, "runs", run)
            os.makedirs(rd, exist_ok=True)
            with open(os.path.join(rd, "sections.md"), "w") as f:
                texts = {}
                for w, writer in enumerate(WRITERS):
                    f.write(f"# {writer}\n\n")
                    for s in SECTIONS:
                        wr = random.Random(f"{e}/{r}/{w}/{s}")
                        own = words(wr, OWN_WORDS, LENGTHS[s])
                        if (e, r, w, s) == (1, 1, 2, "BODY"):
                            # Writer 3 takes 16 of writer 1's own words here:
                            # they share words that are not the example's.
                            own[10:26] = texts[(0, s)][:16]
                        texts[(w, s)] = own
                        k = copied(w, e, s, r)
                        at = wr.randrange(0, LENGTHS[s] - k)
                        text = own[: LENGTHS[s] // 2] + examples[s][at : at + k] + own[LENGTHS[s] // 2 :]
                        f.write(f"## {s}\n{sentences(text)}\n\n")
    with open(os.path.join(ROOT, "models.toml"), "w") as f:
        f.write("# Public aliases of the writers.\n[aliases]\n")
        for w, writer in enumerate(WRITERS):
            f.write(f'"{writer}" = "Model {w + 1}"\n')


if __name__ == "__main__":
    main()
