"""Copies recorded report.json files into the fix tests' fixtures with this machine's paths replaced by another
machine's (the fix maps them back onto --project). The lab's fixtures lose their sourceChecksum keys: the lab's files
change with the lab, and those tests check that the fix compiles, not which build it was."""
import json, os, sys

repo, recorded, fixtures = sys.argv[1], sys.argv[2], sys.argv[3]
maps = {
    repo + "/tests/apps/FixShop/": "/home/runner/work/shop/src/FixShop/",
    repo + "/tests/apps/FixIo/": "/home/runner/work/shop/src/FixIo/",
    repo + "/tests/apps/FixData/": "/home/runner/work/shop/src/FixData/",
    repo + "/src/PoolDoctor.Lab/": "/build/pooldoctor/src/PoolDoctor.Lab/",
    repo + "/": "/build/pooldoctor/",
}

def strip(node):
    if isinstance(node, dict):
        node.pop("sourceChecksum", None)
        for value in node.values():
            strip(value)
    elif isinstance(node, list):
        for value in node:
            strip(value)

for name in sorted(os.listdir(recorded)):
    report = os.path.join(recorded, name, "report.json")
    if not os.path.isfile(report):
        continue
    text = open(report).read()
    for here, there in maps.items():
        text = text.replace(here, there)
    data = json.loads(text)
    if name.startswith("lab-"):
        strip(data)
    with open(os.path.join(fixtures, name + ".json"), "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(name, data.get("verdict"), (data.get("culprits") or [{}])[0].get("method"))
