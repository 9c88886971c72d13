"""The course-player driver of gameagents (internal/course), run as `python3 -u -c SOURCE`.

It loads a student's player.py and calls it as the course's harness would, on orders from
the Go side: one JSON object a line read from fd 3, one reply a line written to fd 4. The
player's own print() output goes to stdout and stderr, which the Go side copies into a
capped log, so nothing the player prints can reach the protocol.

Orders:
  {"op": "load", "path": P, "class": C, "kit": [modules]}   import P as the module "player"
  {"op": "new", "args": [...], "set": {...}}                  build the object, set attributes
  {"op": "call", "methods": [...], "args": [...], "set": {...}, "check": K}
        set attributes, call the first of methods the object has, and check its return
        value with the checker K ("" returns nothing).
Replies: {"ok": true, "value": canonical value}, or
         {"ok": false, "kind": "exception"|"malformed"|"broken", "call": ..., ...}.

Values from Go are JSON with two tags: {"$intkeys": [[k, v], ...]} is a dict with int
keys (Hive's board), {"$obstacle": [fx, fy, tx, ty]} is the kit's Obstacle. Standard
library only, and Python 3.8 syntax.
"""

import importlib.util
import json
import os
import reprlib
import sys
import traceback

TRACE_LINES = 30  # the tail of a traceback sent to Go; Go shows its last lines
COORD_LIMIT = 10 ** 6  # coordinates beyond this could not be written into output.txt sanely

_repr = reprlib.Repr()
_repr.maxlevel, _repr.maxlist, _repr.maxtuple, _repr.maxdict = 4, 8, 8, 8
_repr.maxstring, _repr.maxother = 60, 60


def shown(value):
    """A short repr of a returned value, even a huge or hostile one."""
    try:
        return _repr.repr(value)[:300]
    except BaseException:  # a __repr__ that raises: say what type it was
        return "<%s object>" % type(value).__name__


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool) and -COORD_LIMIT <= v <= COORD_LIMIT


class Driver:
    def __init__(self):
        self.cls = None
        self.obj = None
        self.kit = {}

    def decode(self, v):
        if isinstance(v, list):
            return [self.decode(x) for x in v]
        if isinstance(v, dict):
            if "$intkeys" in v:
                return {int(k): self.decode(x) for k, x in v["$intkeys"]}
            if "$obstacle" in v:
                return self.kit["obstacle"].Obstacle(*v["$obstacle"])
            return {k: self.decode(x) for k, x in v.items()}
        return v

    def load(self, req):
        path = req["path"]
        # The student's directory first, so that their base.py / obstacle.py are the ones
        # imported, as when the course's harness runs in that directory.
        sys.path.insert(0, os.path.dirname(path))
        name = os.path.splitext(os.path.basename(path))[0]
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        except BaseException as e:
            return exception_reply("import " + os.path.basename(path), e)
        for kit in req.get("kit", []):
            try:
                self.kit[kit] = importlib.import_module(kit)
            except BaseException as e:
                return {"ok": False, "kind": "broken", "call": "import " + kit,
                        "msg": "the course kit's %s.py cannot be imported from the player's directory: %s" % (kit, one_line(e))}
        self.cls = getattr(module, req["class"], None)
        if not isinstance(self.cls, type):
            return {"ok": False, "kind": "broken", "call": "import " + os.path.basename(path),
                    "msg": "%s defines no class %s" % (os.path.basename(path), req["class"])}
        return {"ok": True, "python": sys.version.split()[0]}

    def new(self, req):
        args = self.decode(req["args"])
        call = self.cls.__name__ + ".__init__()"
        try:
            self.obj = self.cls(*args)
        except BaseException as e:
            return exception_reply(call, e)
        for k, v in self.decode(req.get("set") or {}).items():
            setattr(self.obj, k, v)
        return {"ok": True}

    def call(self, req):
        for k, v in self.decode(req.get("set") or {}).items():
            setattr(self.obj, k, v)
        methods = req["methods"]
        method = next((getattr(self.obj, m) for m in methods if callable(getattr(self.obj, m, None))), None)
        if method is None:
            return {"ok": False, "kind": "broken", "call": methods[0] + "()",
                    "msg": "%s has no method %s" % (self.cls.__name__, " or ".join(methods))}
        call = method.__name__ + "()"
        args = self.decode(req["args"])
        try:
            result = method(*args)
        except BaseException as e:
            return exception_reply(call, e)
        check = CHECKS.get(req.get("check", ""))
        if check is None:
            return {"ok": True, "value": None}
        value, want = check(self, result)
        if want is not None:
            return {"ok": False, "kind": "malformed", "call": call,
                    "got": shown(result), "want": want}
        return {"ok": True, "value": value}


def one_line(e):
    return ("%s: %s" % (type(e).__name__, e)).replace("\n", " ")[:300]


def exception_reply(call, e):
    """The traceback without the driver's own frames (they are "<string>" under -c) nor
    importlib's, so that it starts in the student's code."""
    frames = [f for f in traceback.extract_tb(e.__traceback__)
              if f.filename != "<string>" and not f.filename.startswith("<frozen")]
    lines = ["Traceback (most recent call last):\n"] + traceback.format_list(frames)
    lines += traceback.format_exception_only(type(e), e)
    # Without the caret lines (~~~^^) of newer Pythons, so that the last lines are the
    # source line and the exception.
    text = [l for l in "".join(lines).rstrip("\n").split("\n") if l.strip(" ~^")]
    return {"ok": False, "kind": "exception", "call": call,
            "trace": "\n".join(text[-TRACE_LINES:])}


def check_hive(d, r):
    want = "[piece, oldP, oldQ, newP, newQ], [piece, None, None, newP, newQ] or []"
    if isinstance(r, (list, tuple)) and len(r) == 0:
        return {"pass": True}, None
    if not isinstance(r, (list, tuple)) or len(r) != 5:
        return None, want
    piece, op, oq, np_, nq = r
    if not isinstance(piece, str) or len(piece) != 1 or not is_int(np_) or not is_int(nq):
        return None, want
    if op is None and oq is None:
        return {"piece": piece, "to": [np_, nq]}, None
    if is_int(op) and is_int(oq):
        return {"piece": piece, "from": [op, oq], "to": [np_, nq]}, None
    return None, want


def check_streky(d, r):
    want = "[row, col, cardMatrix] (int row and col, a list of rows of ints 0 to 9) or []"
    if isinstance(r, list) and len(r) == 0:
        return {"pass": True}, None
    if not isinstance(r, list) or len(r) != 3 or not is_int(r[0]) or not is_int(r[1]):
        return None, want
    m = r[2]
    if not isinstance(m, list) or not m or len(m) > 64:
        return None, want
    for row in m:
        if not isinstance(row, list) or not row or len(row) > 64:
            return None, want
        if not all(is_int(v) and 0 <= v <= 9 for v in row):
            return None, want
    return {"at": [r[0], r[1]], "card": m}, None


def check_quoridor(d, r):
    want = "(1, [x, y]), (2, [o1, o2]) with two Obstacle objects, or None"
    if r is None:
        return {"pass": True}, None
    if not isinstance(r, (list, tuple)) or len(r) != 2:
        return None, want
    kind, what = r
    if kind is None:
        return {"pass": True}, None
    if kind == 1 and not isinstance(kind, bool) and isinstance(what, (list, tuple)) and len(what) == 2 \
            and is_int(what[0]) and is_int(what[1]):
        return {"step": [what[0], what[1]]}, None
    obstacle = d.kit["obstacle"].Obstacle
    if kind == 2 and not isinstance(kind, bool) and isinstance(what, (list, tuple)) and len(what) == 2:
        steps = []
        for o in what:
            # As the course's manager: an object of another type than the kit's Obstacle is
            # not an obstacle.
            if type(o) is not obstacle:
                return None, want
            s = [getattr(o, a, None) for a in ("fromx", "fromy", "tox", "toy")]
            if not all(is_int(v) for v in s):
                return None, want
            steps.append(s)
        return {"wall": steps}, None
    return None, want


def check_reversi(d, r):
    want = "(row, col) with ints 0 to 7, or None"
    if r is None:
        return {"pass": True}, None
    if isinstance(r, (list, tuple)) and len(r) == 2 and all(is_int(v) and 0 <= v <= 7 for v in r):
        return {"at": [r[0], r[1]]}, None
    return None, want


CHECKS = {"hive": check_hive, "streky": check_streky, "quoridor": check_quoridor, "reversi": check_reversi}


def main():
    orders = os.fdopen(3, "r", encoding="utf-8")
    replies = os.fdopen(4, "w", encoding="utf-8")
    driver = Driver()
    ops = {"load": driver.load, "new": driver.new, "call": driver.call}
    for line in orders:
        req = json.loads(line)
        reply = ops[req["op"]](req)
        replies.write(json.dumps(reply) + "\n")
        replies.flush()


main()
