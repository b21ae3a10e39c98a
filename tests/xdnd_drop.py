#!/usr/bin/env python3
"""Drops files on an X window as a file manager would: an XDND drag source (protocol version 5).

    python3 xdnd_drop.py WINDOW_ID X Y FILE...

WINDOW_ID is the target window (decimal or 0x hex, as `xdotool search` prints it); X, Y is the
drop point in root-window coordinates. Needs python3-xlib and $DISPLAY.

The data is offered as `text/uri-list` (file:// URIs), `UTF8_STRING` and `text/plain` (one
absolute path a line), as GTK file managers do. miniquad (linux_x11/drag_n_drop.rs) accepts only
UTF8_STRING and reads each line as a path, so that is what it gets.

Steps: own XdndSelection; XdndEnter; XdndPosition, wait for XdndStatus (accepted?); XdndDrop;
answer the target's SelectionRequest; wait a little for XdndFinished (miniquad 0.4 does not send
it after a successful drop, so its absence is only noted).

Exit status: 0 when the target asked for the data and got it; 1 otherwise (with the reason on
stderr).
"""

import sys
import time
from urllib.parse import quote

from Xlib import X, Xatom, display
from Xlib.protocol import event

TIMEOUT = 10.0
FINISHED_WAIT = 2.0
VERSION = 5


def fail(why):
    sys.stderr.write("xdnd_drop: " + why + "\n")
    sys.exit(1)


def main():
    if len(sys.argv) < 5:
        fail("usage: xdnd_drop.py WINDOW_ID X Y FILE...")
    target_id = int(sys.argv[1], 0)
    x, y = int(sys.argv[2]), int(sys.argv[3])
    paths = sys.argv[4:]

    d = display.Display()
    atom = lambda name: d.intern_atom(name)
    root = d.screen().root
    source = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    target = d.create_resource_object("window", target_id)

    # The target must say it speaks XDND.
    aware = target.get_full_property(atom("XdndAware"), X.AnyPropertyType)
    if aware is None or not aware.value:
        fail("the window has no XdndAware property: it does not accept drops")
    version = min(VERSION, int(aware.value[0]))

    uri_list = atom("text/uri-list")
    utf8 = atom("UTF8_STRING")
    text_plain = atom("text/plain")
    offered = [uri_list, utf8, text_plain]
    uris = "".join("file://" + quote(p) + "\r\n" for p in paths).encode()
    plain = "\n".join(paths).encode()

    selection = atom("XdndSelection")
    source.set_selection_owner(selection, X.CurrentTime)
    if d.get_selection_owner(selection) != source:
        fail("could not own XdndSelection")
    source.change_property(atom("XdndTypeList"), Xatom.ATOM, 32, offered)

    def send(name, data):
        ev = event.ClientMessage(
            window=target,
            client_type=atom(name),
            data=(32, (source.id,) + tuple(data)),
        )
        target.send_event(ev, event_mask=X.NoEventMask)
        d.flush()

    def next_event(deadline):
        while time.time() < deadline:
            if d.pending_events():
                return d.next_event()
            time.sleep(0.01)
        return None

    send("XdndEnter", [version << 24, uri_list, utf8, text_plain])
    send("XdndPosition", [0, (x << 16) | y, X.CurrentTime, atom("XdndActionCopy")])

    deadline = time.time() + TIMEOUT
    status = None
    while status is None:
        ev = next_event(deadline)
        if ev is None:
            fail("no XdndStatus from the window")
        if ev.type == X.ClientMessage and ev.client_type == atom("XdndStatus"):
            status = ev.data[1]
    if not status[1] & 1:
        send("XdndLeave", [0, 0, 0, 0])
        fail("the window refused the drop (XdndStatus without the accept bit)")

    send("XdndDrop", [0, X.CurrentTime, 0, 0])

    # Answer the target's requests for the data until it is served, then wait for XdndFinished.
    served = False
    deadline = time.time() + TIMEOUT
    while True:
        ev = next_event(deadline)
        if ev is None:
            break
        if ev.type == X.SelectionRequest and ev.selection == selection:
            if ev.target == uri_list:
                data, kind = uris, uri_list
            elif ev.target in (utf8, text_plain):
                data, kind = plain, ev.target
            else:
                data, kind = None, None
            prop = ev.property if ev.property != X.NONE else ev.target
            if data is not None:
                ev.requestor.change_property(prop, kind, 8, data)
                served = True
            else:
                prop = X.NONE
            reply = event.SelectionNotify(
                time=ev.time,
                requestor=ev.requestor,
                selection=ev.selection,
                target=ev.target,
                property=prop,
            )
            ev.requestor.send_event(reply, event_mask=X.NoEventMask)
            d.flush()
            if served:
                deadline = min(deadline, time.time() + FINISHED_WAIT)
        elif ev.type == X.ClientMessage and ev.client_type == atom("XdndFinished"):
            break
    if not served:
        fail("the window never asked for the dropped data")
    source.destroy()
    d.flush()


if __name__ == "__main__":
    main()
