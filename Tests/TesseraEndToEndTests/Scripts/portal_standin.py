#!/usr/bin/env python3
"""A stand-in for xdg-desktop-portal's Settings interface, for the end-to-end test: owns
org.freedesktop.portal.Desktop on the session bus (DBUS_SESSION_BUS_ADDRESS) and serves
org.freedesktop.appearance (color-scheme, accent-color, contrast) at /org/freedesktop/portal/desktop,
with ReadAll, Read, ReadOne and the SettingChanged signal, as the real portal (version 2) does.

    portal_standin.py COLOR_SCHEME [READY_FILE]

SIGUSR1 sets color-scheme to 2 (prefer light), SIGUSR2 to 1 (prefer dark); each emits
SettingChanged. READY_FILE is written once the name is owned."""
import signal
import sys

from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="ReadAll"><arg type="as" name="namespaces" direction="in"/>
      <arg type="a{sa{sv}}" name="value" direction="out"/></method>
    <method name="Read"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/></method>
    <method name="ReadOne"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/></method>
    <signal name="SettingChanged"><arg type="s" name="namespace"/><arg type="s" name="key"/><arg type="v" name="value"/></signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>"""
NS = "org.freedesktop.appearance"
PATH = "/org/freedesktop/portal/desktop"
settings = {"color-scheme": GLib.Variant("u", int(sys.argv[1])),
            "accent-color": GLib.Variant("(ddd)", (0.1, 0.6, 0.3)),
            "contrast": GLib.Variant("u", 0)}
connection = None


def call(conn, sender, path, interface, method, params, invocation):
    if method == "ReadAll":
        wanted = params.unpack()[0]
        out = {NS: settings} if (not wanted or NS in wanted) else {}
        invocation.return_value(GLib.Variant("(a{sa{sv}})", (out,)))
    elif method in ("Read", "ReadOne"):
        ns, key = params.unpack()
        if ns != NS or key not in settings:
            invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")
            return
        value = settings[key]
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", value) if method == "Read" else value,)))


def prop(conn, sender, path, interface, name):
    return GLib.Variant("u", 2)


def change(scheme):
    settings["color-scheme"] = GLib.Variant("u", scheme)
    connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                           GLib.Variant("(ssv)", (NS, "color-scheme", settings["color-scheme"])))
    return True


def acquired(conn, name):
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w") as f:
            f.write("ready\n")


def main():
    global connection
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object(PATH, info, call, prop, None)
    Gio.bus_own_name_on_connection(connection, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                                   acquired, None)
    loop = GLib.MainLoop()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, change, 2)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR2, change, 1)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: loop.quit() or False)
    loop.run()


main()
