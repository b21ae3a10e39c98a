#!/usr/bin/env python3
"""Asks an X window to close as a window manager does when its close button is clicked.

    python3 wm_delete.py WINDOW_ID

Sends the window a WM_PROTOCOLS client message carrying WM_DELETE_WINDOW (ICCCM 4.2.8.1): the
program decides what to do (miniquad turns it into a quit request). `xdotool windowclose`
destroys the window instead, which is not what a person's close click does. Needs python3-xlib
and $DISPLAY. Exit status 1 when the window does not take part in WM_DELETE_WINDOW.
"""

import sys

from Xlib import X, display, error
from Xlib.protocol import event


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: wm_delete.py WINDOW_ID\n")
        sys.exit(1)
    d = display.Display()
    window = d.create_resource_object("window", int(sys.argv[1], 0))
    protocols = d.intern_atom("WM_PROTOCOLS")
    delete = d.intern_atom("WM_DELETE_WINDOW")
    listed = window.get_wm_protocols() or []
    if delete not in listed:
        sys.stderr.write("wm_delete: the window does not list WM_DELETE_WINDOW in WM_PROTOCOLS\n")
        sys.exit(1)
    ev = event.ClientMessage(
        window=window,
        client_type=protocols,
        data=(32, [delete, X.CurrentTime, 0, 0, 0]),
    )
    caught = error.CatchError()
    window.send_event(ev, event_mask=X.NoEventMask, onerror=caught)
    d.sync()
    if caught.get_error():
        sys.stderr.write("wm_delete: the X server refused the event: %s\n" % caught.get_error())
        sys.exit(1)
    d.close()


if __name__ == "__main__":
    main()
