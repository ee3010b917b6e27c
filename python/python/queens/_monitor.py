"""How ``queens.trace`` follows the solver: ``sys.monitoring`` on CPython 3.12 and later,
``sys.settrace`` before (or when ``QUEENS_TRACE_ENGINE=settrace``).

Contract: ``follow(tracer)`` returns an object whose ``start()`` makes the tracer see the
student's frames and ``stop()`` puts everything back as it was (the previous ``settrace``
function, the monitoring tool id freed). Both engines call the same ``tracer.look`` at the same
moments: a student's function starting (not a generator resuming), returning (not yielding), and
the line after one that may change a board. With ``sys.monitoring`` code that is not the
student's is switched off where it starts (``DISABLE``), lines are followed only in functions
with a line that may change a board, and a function gone quiet is switched off whole: the
overhead falls on the student's own changing functions. Monitoring sees every thread; settrace
only the calling one. ``resumed`` and ``yielding`` tell a generator's resume and yield from its
start and return, which settrace reports alike (as call and return).
"""

import dis
import os
import sys

_MONITORING = getattr(sys, "monitoring", None)


_RESUME = dis.opmap.get("RESUME")
_YIELDS = frozenset(dis.opmap[name] for name in ("YIELD_VALUE", "YIELD_FROM") if name in dis.opmap)


def resumed(frame):
    """Whether a generator's call event resumes it after a yield (not its start)."""
    at = frame.f_lasti
    if _RESUME is None:  # before 3.11: a generator not yet started has no last instruction
        return at >= 0
    code = frame.f_code.co_code
    return at >= 0 and code[at] == _RESUME and code[at + 1] != 0


def yielding(frame):
    """Whether a generator's return event is a yield."""
    at, code = frame.f_lasti, frame.f_code.co_code
    if at < 0:
        return False
    # Before 3.11 a `yield from` passing a value up stops just before its YIELD_FROM; from 3.13 a
    # yield's return event stands on the RESUME after it.
    if _RESUME is None:
        return code[at] in _YIELDS or (at + 2 < len(code) and code[at + 2] in _YIELDS)
    return code[at] in _YIELDS or (code[at] == _RESUME and code[at + 1] != 0)


def follow(tracer):
    """The engine for this interpreter."""
    if _MONITORING is not None and os.environ.get("QUEENS_TRACE_ENGINE") != "settrace":
        return _Monitoring(tracer)
    return _Settrace(tracer)


class _Settrace:
    name = "settrace"

    def __init__(self, tracer):
        self.tracer, self.previous = tracer, None

    def start(self):
        self.previous = sys.gettrace()
        sys.settrace(self.tracer.on_call)

    def stop(self):
        sys.settrace(self.previous)


class _Monitoring:
    name = "monitoring"

    def __init__(self, tracer):
        self.tracer, self.tool, self.local = tracer, None, []

    def start(self):
        mon = _MONITORING
        for tool in (4, 3, 2, 1, 0):
            if mon.get_tool(tool) is None:
                mon.use_tool_id(tool, "queens.trace")
                self.tool = tool
                break
        else:
            raise RuntimeError("queens.trace: every sys.monitoring tool id is in use")
        mon.restart_events()  # what an earlier trace switched off with DISABLE comes back
        events = mon.events
        mon.register_callback(self.tool, events.PY_START, self.on_start)
        mon.register_callback(self.tool, events.PY_RETURN, self.on_return)
        mon.register_callback(self.tool, events.LINE, self.on_line)
        mon.set_events(self.tool, events.PY_START)

    def stop(self):
        mon, tool = _MONITORING, self.tool
        if tool is None:
            return
        mon.set_events(tool, 0)
        for code in self.local:
            mon.set_local_events(tool, code, 0)
        for event in (mon.events.PY_START, mon.events.PY_RETURN, mon.events.LINE):
            mon.register_callback(tool, event, None)
        mon.free_tool_id(tool)
        self.tool = None

    def on_start(self, code, offset):
        tracer = self.tracer
        info = tracer.codes.get(id(code)) or tracer.code(code)
        if not info.student or info.quiet:
            return _MONITORING.DISABLE
        info.lines += 1
        if info.lines > tracer.quiet_lines and not info.changed:
            info.quiet = True  # started often, never changed a board itself: a check, not a solver
            _MONITORING.set_local_events(self.tool, code, 0)
            return _MONITORING.DISABLE
        if not info.watched:
            info.watched = True
            events = _MONITORING.events
            wanted = events.PY_RETURN | (events.LINE if info.changes or info.stores else 0)
            _MONITORING.set_local_events(self.tool, code, wanted)
            self.local.append(code)
        frame = sys._getframe(1)
        if tracer.starting(frame, info):
            caller = frame.f_back
            caller = caller is not None and tracer.codes.get(id(caller.f_code))
            if caller and caller.student:
                caller.changed += 1
        return None

    def on_return(self, code, offset, value):
        tracer = self.tracer
        if not tracer.pending:
            return None
        info = tracer.codes[id(code)]
        tracer.pending = False
        if tracer.look(sys._getframe(1), info):
            info.changed += 1
        return None

    def on_line(self, code, line):
        tracer = self.tracer
        info = tracer.codes[id(code)]
        info.lines += 1
        if tracer.pending:
            tracer.pending = False
            if tracer.look(sys._getframe(1), info):
                info.changed += 1
        if line in info.changes:
            tracer.pending = True
        else:
            names = info.stores.get(line)
            if names is not None and not names.isdisjoint(tracer.names):
                tracer.pending = True
        if info.lines > tracer.quiet_lines and not info.changed and not tracer.pending:
            info.quiet = True
            _MONITORING.set_local_events(self.tool, code, 0)
        return None
