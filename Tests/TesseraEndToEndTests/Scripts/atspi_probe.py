#!/usr/bin/env python3
"""A screen reader's view of Tessera, for the end-to-end test: walks the AT-SPI tree of the running
app, reads its items, invokes actions, drives a keyboard move with real keys (xdotool) and records
the announcements it hears. Prints one JSON object. Needs python3-pyatspi, xdotool, and the app on
the same session bus (DBUS_SESSION_BUS_ADDRESS)."""
import json
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib


def find_app(timeout=15):
    end = time.time() + timeout
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == "Tessera":
                return app
        time.sleep(0.2)
    return None


def describe(node):
    states = node.getState()
    names = [pyatspi.stateToString(s) for s in states.getStates()]
    try:
        e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        extents = [e.x, e.y, e.width, e.height]
    except NotImplementedError:
        extents = None
    try:
        action = node.queryAction()
        actions = [action.getName(k) for k in range(action.nActions)]
    except NotImplementedError:
        actions = []
    return {"name": node.name, "role": node.getRoleName(), "description": node.description,
            "states": sorted(names), "extents": extents, "actions": actions, "children": node.childCount}


def pump(seconds):
    """Lets events arrive for `seconds`."""
    loop = GLib.MainLoop()
    GLib.timeout_add(int(seconds * 1000), loop.quit)
    loop.run()


def main():
    out = {}
    app = find_app()
    if app is None:
        print(json.dumps({"error": "no application named Tessera on the accessibility bus"}))
        return 1
    out["application"] = describe(app)
    frame = app.getChildAtIndex(0)
    out["frame"] = describe(frame)
    out["frameChildren"] = [describe(frame.getChildAtIndex(k)) for k in range(frame.childCount)]
    section = frame.getChildAtIndex(0)
    out["firstItems"] = [describe(section.getChildAtIndex(k)) for k in range(min(4, section.childCount))]

    heard = []

    def listener(event):
        if event.source is not None and event.source.getRoleName() == "notification":
            text = event.source.name
            if text and (not heard or heard[-1] != text):
                heard.append(text)

    pyatspi.Registry.registerEventListener(listener, "object:text-changed:insert", "object:property-change:accessible-name")
    focus = []

    def focused(event):
        if event.detail1 == 1 and event.source is not None:
            focus.append(event.source.name)

    pyatspi.Registry.registerEventListener(focused, "object:state-changed:focused")
    # A keyboard move, with real keys: select the first tile, lift, two to the right, drop.
    for key in ["Right", "space", "Right", "Right", "space"]:
        subprocess.run(["xdotool", "key", key], check=True)
        pump(0.25)
    pump(0.5)
    out["announcements"] = heard
    out["focus"] = focus
    out["afterMove"] = [section.getChildAtIndex(k).name for k in range(min(4, section.childCount))]

    # The "menu" action of the first item opens its context menu: a menu child of the frame.
    item = section.getChildAtIndex(0)
    action = item.queryAction()
    names = [action.getName(k) for k in range(action.nActions)]
    action.doAction(names.index("menu"))
    pump(0.4)
    menus = [frame.getChildAtIndex(k) for k in range(frame.childCount) if frame.getChildAtIndex(k).getRoleName() == "menu"]
    out["menu"] = [m.getChildAtIndex(k).name for m in menus for k in range(m.childCount)]
    subprocess.run(["xdotool", "key", "Escape"], check=True)
    pump(0.3)
    # "activate" opens it: the item's details (its state is selected).
    action.doAction(names.index("activate"))
    pump(0.3)
    out["activated"] = describe(section.getChildAtIndex(0))
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
