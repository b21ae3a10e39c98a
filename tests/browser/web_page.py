#!/usr/bin/env python3
"""End-to-end test of the web page in a real headless Chromium.

    python3 tests/browser/web_page.py WEB_DIR      (WEB_DIR: index.html, minkowski-lab.wasm, ...)

Serves WEB_DIR on 127.0.0.1, drives Chromium over the DevTools protocol and checks that
 a. the default scene draws A (red) and B (green) and names itself in the title;
 b. a #scene=<base64url JSON> link opens its scene;
 c. broken links show the default scene, a banner and a console warning;
 d. dragging A moves it on screen and records the moved scene in the location hash;
 e. a scene file dropped on the page, or picked with Ctrl+O, opens;
 f. Save and an export arrive as downloads;
 g. the page follows the window's size.
Prints one line per check; exit status 0 only when all pass. Screenshots of failed checks are
saved under a temp dir it prints; WEB_PAGE_SHOTS=DIR keeps every screenshot there too.
Needs Debian's chromium and python3-websocket (pip: websocket-client); nothing else.
"""
import base64, functools, http.server, json, os, shutil, signal, struct, subprocess, sys
import tempfile, threading, time, urllib.request, zlib

try:
    import websocket
except ImportError:
    sys.exit("web_page.py needs the websocket module: apt-get install python3-websocket "
             "(or pip install websocket-client), or run it with /usr/bin/python3")

SCENES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scenes")
W, H = 1400, 1000
TITLE_PREFIX = "minkowski-lab \u2014 "
DEFAULT_TITLE = TITLE_PREFIX + "OBB vs OBB, exactly aligned"
DEFAULT_A, DEFAULT_B = [-0.8, 0.0], [0.6, 0.2]
LINK_SCENE = "circle_vs_circle_overlapping"   # title and picture both differ from the default's
DROP_SCENE = "sat_projections"
PICK_SCENE = "gjk_polygons_apart"
HEADER = 24               # px: the page's line on what it is, above the canvas
KEPT_KEY = "minkowski-lab.unsaved-scene"   # local storage: the scene with unsaved changes
SHAPE_A, SHAPE_B = (214, 39, 40), (44, 160, 44)
BANNER_FILL, BACKGROUND = (253, 226, 226), (250, 250, 247)
# Thresholds, calibrated on 1400x1000 swiftshader screenshots (the numbers seen are noted).
OUTLINE_TOL = 40          # colour distance of "an outline pixel of A / B"
MIN_OUTLINE_PIXELS = 300  # of each colour in the default scene (seen: 4442 red, 2242 green)
DIFF_CHANNEL = 24         # a pixel differs when a channel differs by more than this
MIN_DIFF_FRACTION = 0.02  # seen: same scene twice 0.0000, the circle link 0.0948
# The banner: rows of the top BANNER_TOP px with at least BANNER_ROW_SHARE banner fill (seen: a
# 24 px page header, then 34 rows of banner, 33 of them >= 50%; without a banner: 0 rows).
BANNER_TOL, BANNER_TOP, BANNER_ROW_SHARE, BANNER_MIN_ROWS = 6, 80, 0.5, 10
DRAG = (120, 60)          # px
MIN_CENTROID_SHIFT = 60   # px, A's red centroid in the world pane (seen: +136 while held)
MIN_WORLD_DX = 0.3        # world units, a.position[0] after the drag (seen: +0.89)
READY_TIMEOUT, SETTLE = 60, 1.5   # s
FRAME_COUNTER = """(() => {
  const raf = window.requestAnimationFrame.bind(window); window.__frames = 0;
  window.requestAnimationFrame = cb => raf(t => { window.__frames++; cb(t); }); })();"""


# ---- server and browser ----------------------------------------------------------------------
class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, *args):
        pass   # e.g. the browser closing a connection mid-answer


def start_server(web_dir):
    server = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=web_dir))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def start_browser(tmp):
    """Starts headless Chromium in its own process group; returns (process, DevTools port)."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        raise RuntimeError("no chromium on PATH: apt-get install chromium")
    profile, log_path = os.path.join(tmp, "profile"), os.path.join(tmp, "chromium.log")
    args = [exe, "--headless=new", "--no-sandbox", "--use-gl=angle", "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader", "--window-size=%d,%d" % (W, H),
            "--remote-debugging-port=0", "--user-data-dir=" + profile, "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-quic", "--disable-extensions", "about:blank"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(args, stdout=log, stderr=log, start_new_session=True)
    deadline = time.time() + 30
    while time.time() < deadline and proc.poll() is None:
        try:
            with open(os.path.join(profile, "DevToolsActivePort")) as f:
                return proc, int(f.readline())
        except (OSError, ValueError):
            time.sleep(0.1)
    stop_browser(proc)
    with open(log_path, errors="replace") as f:
        raise RuntimeError("chromium gave no DevTools port (exit status %s); its output ends:\n%s"
                           % (proc.returncode, f.read()[-1500:]))


def stop_browser(proc):
    """Ends the process group of the chromium started here (nothing else): politely, then not."""
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 0.5)):
        try:
            os.killpg(proc.pid, sig)
            proc.wait(wait)
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            pass


# ---- DevTools protocol -----------------------------------------------------------------------
class Cdp:
    def __init__(self, port):
        url = "http://127.0.0.1:%d/json" % port
        page = next((t for t in json.load(urllib.request.urlopen(url, timeout=10))
                     if t.get("type") == "page"), None)
        if page is None:
            req = urllib.request.Request(url + "/new?about:blank", method="PUT")
            page = json.load(urllib.request.urlopen(req, timeout=10))
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60,
                                              suppress_origin=True)
        self.next_id, self.console, self.exceptions = 0, [], []
        self.choosers = []   # Page.fileChooserOpened: the file inputs the page opened

    def _event(self, msg):
        p = msg.get("params", {})
        if len(self.console) + len(self.exceptions) > 5000:
            return   # a page logging every frame: the first messages are the telling ones
        if msg.get("method") == "Page.fileChooserOpened":
            self.choosers.append(p.get("backendNodeId"))
        elif msg.get("method") == "Runtime.consoleAPICalled":
            args = p.get("args", [])
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in args)
            self.console.append((p.get("type"), text))
        elif msg.get("method") == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            self.exceptions.append("%s %s" % (d.get("text", ""),
                                              d.get("exception", {}).get("description", "")))

    def call(self, method, timeout=60, **params):
        """Sends a command and returns its result. Raises WebSocketTimeoutException when none
        comes in timeout s, even while events keep coming (a page stuck in a loop that logs)."""
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        end = time.time() + timeout
        while True:
            self.ws.settimeout(max(0.01, end - time.time()))
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            self._event(msg)
            if time.time() > end:
                raise websocket.WebSocketTimeoutException(
                    "no answer to %s in %d s" % (method, timeout))

    def pump(self, seconds):
        """Waits, handling events meanwhile."""
        end = time.time() + seconds
        while time.time() < end:
            self.ws.settimeout(max(0.01, end - time.time()))
            try:
                self._event(json.loads(self.ws.recv()))
            except websocket.WebSocketTimeoutException:
                pass

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        return r.get("result", {}).get("value")

    def mouse(self, kind, x, y, held):
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                  buttons=1 if held else 0, clickCount=0 if kind == "mouseMoved" else 1)

    def key(self, letter, ctrl=False, shift=False):
        """Presses and releases a letter key (or "Enter"), with Ctrl and Shift held as asked."""
        mods = (2 if ctrl else 0) | (8 if shift else 0)
        if letter == "Enter":
            key, code, vk = "Enter", "Enter", 13
        else:
            key = letter.upper() if shift else letter.lower()
            code, vk = "Key" + letter.upper(), ord(letter.upper())
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, modifiers=mods, key=key, code=code,
                      windowsVirtualKeyCode=vk)
            self.pump(0.15)


# ---- PNG decoding and pixels -----------------------------------------------------------------
class Image:
    def __init__(self, w, h, rgb, png, name=""):
        self.w, self.h, self.rgb, self.png, self.name = w, h, rgb, png, name   # rgb: 3 bytes/px


def decode_png(data):
    """8-bit RGB or RGBA, non-interlaced: the kind Chromium's screenshots are."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, []
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", data[pos + 8:pos + 21])
            assert depth == 8 and ctype in (2, 6) and interlace == 0, "unsupported PNG"
        elif kind == b"IDAT":
            idat.append(data[pos + 8:pos + 8 + n])
        pos += 12 + n
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(b"".join(idat)), w * bpp
    prev, rows = bytearray(stride), []
    for y in range(h):
        start = y * (stride + 1)
        f, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if f == 1:     # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:   # Up
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:   # Average
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
        elif f == 4:   # Paeth
            for i in range(stride):
                a, b, c = (line[i - bpp], prev[i], prev[i - bpp]) if i >= bpp else (0, prev[i], 0)
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    rgb = b"".join(rows)
    if bpp == 4:
        rgb = bytes(b for i, b in enumerate(rgb) if i % 4 != 3)
    return Image(w, h, rgb, data)


def pixels_near(img, colour, tol, x0=0, x1=None, y0=0, y1=None):
    """The (x, y) of pixels within colour distance tol of colour, in [x0, x1) x [y0, y1)."""
    x1, y1, t2, (r0, g0, b0), out = x1 or img.w, y1 or img.h, tol * tol, colour, []
    for y in range(y0, y1):
        row = img.rgb[3 * (y * img.w + x0):3 * (y * img.w + x1)]
        for k in range(0, len(row), 3):
            dr = row[k] - r0
            if dr * dr < t2 and dr * dr + (row[k + 1] - g0) ** 2 + (row[k + 2] - b0) ** 2 < t2:
                out.append((x0 + k // 3, y))
    return out


def centroid(points):
    n = len(points) or 1
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)


def diff_fraction(a, b):
    if (a.w, a.h) != (b.w, b.h):
        return 1.0
    p, q = a.rgb, b.rgb
    n = sum(1 for i in range(0, len(p), 3) if max(abs(p[i] - q[i]), abs(p[i + 1] - q[i + 1]),
                                                  abs(p[i + 2] - q[i + 2])) > DIFF_CHANNEL)
    return n / (a.w * a.h)


def world_pane(img):
    """(x0, x1) of the world pane: from the side panel's edge to halfway to the right edge (the
    default split; the line between the panes was at 864-865). The panel has the panes' colour;
    its edge is the first column of pane background on three rows past its separator, the first
    column from x=150 that is one grey on all three (330 in the calibration shots)."""
    def pixel(x, y):
        return tuple(img.rgb[3 * (y * img.w + x):3 * (y * img.w + x) + 3])
    rows = (img.h * 3 // 10, img.h // 2, img.h * 7 // 10)

    def separator(x):
        first = pixel(x, rows[0])
        return (first != BACKGROUND and first[0] == first[1] == first[2]
                and all(pixel(x, y) == first for y in rows))
    line = next((x for x in range(150, img.w // 2) if separator(x)), None)
    edge = 330 if line is None else next(
        (x for x in range(line, img.w // 2) if all(pixel(x, y) == BACKGROUND for y in rows)), 330)
    return edge, (edge + img.w) // 2 - 4


def banner_rows(img):
    """How many of the top rows are mostly banner fill, and the largest share of a row seen."""
    shares = [len(pixels_near(img, BANNER_FILL, BANNER_TOL, 0, img.w, y, y + 1)) / img.w
              for y in range(min(BANNER_TOP, img.h))]
    return sum(s >= BANNER_ROW_SHARE for s in shares), max(shares)


# ---- the page --------------------------------------------------------------------------------
class Page:
    def __init__(self, cdp, base, shots):
        self.cdp, self.base, self.shots, self.taken, self.n = cdp, base, shots, [], 0
        for method in ("Page.enable", "Runtime.enable"):
            cdp.call(method)
        cdp.call("Emulation.setDeviceMetricsOverride", width=W, height=H, deviceScaleFactor=1,
                 mobile=False)
        cdp.call("Page.addScriptToEvaluateOnNewDocument", source=FRAME_COUNTER)

    def open(self, fragment="", keep_storage=False):
        """Loads index.html + fragment afresh and waits for the app's title, then for the cameras
        to settle. Returns None when ready, else what went wrong. Gives up READY_TIMEOUT s after
        the navigation, or 8 s after the app has drawn 30 frames without setting the title."""
        self.cdp.call("Page.navigate", url="about:blank")
        for _ in range(40):   # a navigation started before about:blank commits can hang
            self.cdp.pump(0.25)
            try:
                where = self.cdp.eval("location.href + ' ' + document.readyState")
                if where == "about:blank complete":
                    break
            except RuntimeError:
                pass
        self.cdp.console.clear()
        self.cdp.exceptions.clear()
        # Each load starts from nothing: no unsaved scene kept from an earlier check.
        if not keep_storage:
            self.cdp.call("Storage.clearDataForOrigin", origin=self.base.rstrip("/"),
                          storageTypes="local_storage")
        self.cdp.call("Page.navigate", url=self.base + "index.html" + fragment)
        start, drawing, problem = time.time(), None, None
        while True:
            try:
                title, frames = self.cdp.eval("[document.title, window.__frames || 0]")
            except (RuntimeError, TypeError, ValueError):   # mid-navigation: no context yet
                title, frames = "", 0
            now = time.time()
            if title.startswith(TITLE_PREFIX):
                break
            drawing = drawing or (now if frames >= 30 else None)
            if drawing and now - drawing > 8 or now - start > READY_TIMEOUT:
                errors = " | ".join(self.errors())[:400]
                problem = "after %.0f s the app has drawn %d frames and document.title is %r%s" % (
                    now - start, frames, title, "; errors: " + errors if errors else "")
                break
            self.cdp.pump(0.25)
        self.ready_after = time.time() - start
        self.cdp.pump(SETTLE)   # the app fits its cameras over the first frames
        return problem

    def title(self):
        return self.cdp.eval("document.title")

    def shot(self, name):
        data = base64.b64decode(self.cdp.call("Page.captureScreenshot", format="png")["data"])
        self.n += 1
        img = decode_png(data)
        img.name = "%02d-%s.png" % (self.n, name)
        self.taken.append(img)
        if self.shots:
            with open(os.path.join(self.shots, img.name), "wb") as f:
                f.write(data)
        return img

    def errors(self, kinds=("error",)):
        texts = self.cdp.exceptions + [t for k, t in self.cdp.console if k in kinds]
        return [" ".join(t.split()) for t in texts]

    def crashes(self):
        return [t for t in self.errors()
                if any(b in t.lower() for b in ("panic", "unreachable", "runtimeerror"))]


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def scene_from_hash(h):
    if not h.startswith("#scene="):
        raise ValueError("location.hash is %r, not #scene=..." % h[:80])
    s = h[len("#scene="):]
    return json.loads(base64.urlsafe_b64decode(s + "=" * (-len(s) % 4)).decode("utf-8"))


def truncated_link(data):
    """A base64url prefix of data, about half, that decodes to UTF-8 but incomplete JSON."""
    full = b64url(data)
    n = len(full) // 2 // 4 * 4
    while True:
        try:
            base64.urlsafe_b64decode(full[:n]).decode("utf-8")
            return full[:n]
        except UnicodeDecodeError:
            n -= 4


def read_scene(name):
    with open(os.path.join(SCENES, name + ".json"), "rb") as f:
        return f.read()


# ---- the checks: each returns a list of (ok, line, images to save on failure); ok None: info -
def loaded(page, what, fragment="", keep_storage=False):
    problem, crashes = page.open(fragment, keep_storage), page.crashes()
    ready = problem or "title %r after %.1f s" % (page.title(), page.ready_after)
    first = page.cdp.eval("window.minkowskiLabFirstFrameMs || -1")
    return [(None, "%s: first frame %.0f ms after the navigation began" % (what, first), []),
            (problem is None, "%s: page ready: %s" % (what, ready), []),
            (not crashes, "%s: no panic / unreachable / RuntimeError in the console (%s)"
             % (what, " | ".join(crashes)[:400] if crashes else "none seen"), [])]


def check_default(page, state):
    out = loaded(page, "a. default scene")
    img, t = page.shot("default"), page.title()
    state["default"] = img
    out.append(((img.w, img.h) == (W, H),
                "a. screenshot %dx%d, want %dx%d" % (img.w, img.h, W, H), [img]))
    out.append((t == DEFAULT_TITLE, "a. title is %r (seen %r)" % (DEFAULT_TITLE, t), [img]))
    for name, colour in (("A red", SHAPE_A), ("B green", SHAPE_B)):
        n = len(pixels_near(img, colour, OUTLINE_TOL))
        out.append((n >= MIN_OUTLINE_PIXELS, "a. %s %s pixels (colour distance < %d): %d, "
                    "want >= %d" % (name, colour, OUTLINE_TOL, n, MIN_OUTLINE_PIXELS), [img]))
    return out


def press_and_move(page, start, by):
    """Moves the mouse to `start` (CSS pixels), presses the button there and moves it by `by` in
    ten steps, the button held."""
    (cx, cy), (dx, dy) = start, by
    page.cdp.mouse("mouseMoved", cx, cy, False)
    page.cdp.pump(0.3)
    page.cdp.mouse("mousePressed", cx, cy, True)
    page.cdp.pump(0.2)
    for k in range(1, 11):
        page.cdp.mouse("mouseMoved", cx + dx * k / 10, cy + dy * k / 10, True)
        page.cdp.pump(0.1)


def check_drag(page, state):
    """Runs on the page check_default left: the default scene, untouched."""
    img0 = state.get("default") or page.shot("default")
    x0, x1 = world_pane(img0)
    red0 = pixels_near(img0, SHAPE_A, OUTLINE_TOL, x0, x1)
    if not red0:
        return [(False, "d. drag: no red pixels of A in the world pane x=[%d,%d)" % (x0, x1),
                 [img0])]
    (cx, cy), (dx, dy) = centroid(red0), DRAG
    press_and_move(page, (cx, cy), (dx, dy))
    page.cdp.pump(0.5)
    # Measured with the button still held: on release the app refits its cameras when the moved
    # figure leaves a pane, and that moves everything on screen.
    img1 = page.shot("drag-held")
    page.cdp.mouse("mouseReleased", cx + dx, cy + dy, False)
    page.cdp.pump(1.0)
    img2 = page.shot("drag-released")
    red1 = pixels_near(img1, SHAPE_A, OUTLINE_TOL, x0, x1)
    cx1, cy1 = centroid(red1)
    cx2, cy2 = centroid(pixels_near(img2, SHAPE_A, OUTLINE_TOL, x0, x1))
    out = [(bool(red1) and cx1 - cx > MIN_CENTROID_SHIFT,
            "d. world pane x=[%d,%d): A's red centroid (%.0f, %.0f) -> (%.0f, %.0f) at the end of a "
            "drag by (%+d, %+d) px, button held; want x to grow by > %d px"
            % (x0, x1, cx, cy, cx1, cy1, dx, dy, MIN_CENTROID_SHIFT), [img0, img1]),
           (None, "d. after release (the view may refit): A's red centroid (%.0f, %.0f)"
            % (cx2, cy2), [])]
    h = page.cdp.eval("location.hash") or ""
    try:
        scene = scene_from_hash(h)
        a, b = scene["a"]["position"], scene["b"]["position"]
        out.append((a[0] - DEFAULT_A[0] > MIN_WORLD_DX, "d. hash scene: a.position %s (was %s), want "
                    "x to grow by > %s" % (a, DEFAULT_A, MIN_WORLD_DX), [img2]))
        out.append((b == DEFAULT_B, "d. hash scene: b.position %s, want %s" % (b, DEFAULT_B), [img2]))
    except Exception as e:   # noqa: BLE001 - any malformed hash is a failure, reported
        out.append((False, "d. location.hash holds the moved scene: %s: %s"
                    % (type(e).__name__, e), [img2]))
    kept = page.cdp.eval("localStorage.getItem(%r)" % KEPT_KEY)
    try:
        a = json.loads(kept)["a"]["position"]
        out.append((a[0] - DEFAULT_A[0] > MIN_WORLD_DX, "d. the unsaved scene is kept in local "
                    "storage (%s): a.position %s" % (KEPT_KEY, a), []))
    except Exception as e:   # noqa: BLE001 - nothing kept, or not a scene: a failure, reported
        out.append((False, "d. the unsaved scene is kept in local storage (%s): %s: %s"
                    % (KEPT_KEY, type(e).__name__, e), []))
    # The next visit (no link) offers the kept scene back; Enter restores it.
    out += loaded(page, "d. next visit", keep_storage=True)
    img3 = page.shot("next-visit-offer")
    page.cdp.key("Enter")
    page.cdp.pump(1.0)
    img4 = page.shot("next-visit-restored")
    try:
        a = scene_from_hash(page.cdp.eval("location.hash") or "")["a"]["position"]
        ok = a[0] - DEFAULT_A[0] > MIN_WORLD_DX
        out.append((ok, "d. next visit: Enter on the offer restores the moved A: a.position %s"
                    % a, [img3, img4]))
    except Exception as e:   # noqa: BLE001 - reported
        out.append((False, "d. next visit: the restored scene in the link: %s: %s"
                    % (type(e).__name__, e), [img3, img4]))
    return out


def check_link(page, state):
    data = read_scene(LINK_SCENE)
    want = TITLE_PREFIX + json.loads(data)["title"]
    out = loaded(page, "b. link to %s" % LINK_SCENE, "#scene=" + b64url(data))
    img, t = page.shot("link"), page.title()
    out.append((t == want, "b. title is %r (seen %r)" % (want, t), [img]))
    if "default" in state:
        f = diff_fraction(state["default"], img)
        out.append((f > MIN_DIFF_FRACTION, "b. picture differs from the default's in %.4f of "
                    "pixels, want > %s" % (f, MIN_DIFF_FRACTION), [state["default"], img]))
    return out


def check_broken(page, state):
    out = []
    for name, frag in (("truncated", truncated_link(read_scene("obb_vs_obb"))),
                       ("not base64url", "%%%not-base64")):
        what = "c. broken link (%s)" % name
        out += loaded(page, what, "#scene=" + frag)
        img, t = page.shot("broken-" + name.replace(" ", "-")), page.title()
        out.append((t == DEFAULT_TITLE, "%s: title is %r (seen %r)" % (what, DEFAULT_TITLE, t), [img]))
        rows, best = banner_rows(img)
        out.append((rows >= BANNER_MIN_ROWS, "%s: banner %s in the top %d px: %d rows >= %.0f%% of "
                    "the width (widest %.0f%%), want >= %d rows" % (what, BANNER_FILL, BANNER_TOP,
                    rows, 100 * BANNER_ROW_SHARE, 100 * best, BANNER_MIN_ROWS), [img]))
        warns = [t for k, t in page.cdp.console if k == "warning" and t.startswith("minkowski-lab:")]
        out.append((any("link" in w.lower() for w in warns), "%s: console.warn 'minkowski-lab: ...' "
                    "mentioning 'link' (seen %s)" % (what, [w[:120] for w in warns] or "none"), []))
    return out


def check_drop(page, state):
    """A scene file dropped on the page (the browser hands over its bytes) opens."""
    name = DROP_SCENE + ".json"
    want = TITLE_PREFIX + json.loads(read_scene(DROP_SCENE))["title"]
    out = loaded(page, "e. dropped file")
    path = os.path.abspath(os.path.join(SCENES, name))
    data = {"items": [], "files": [path], "dragOperationsMask": 1}
    for kind in ("dragEnter", "dragOver", "drop"):
        page.cdp.call("Input.dispatchDragEvent", type=kind, x=W // 2, y=H // 2, data=data)
        page.cdp.pump(0.2)
    page.cdp.pump(1.5)
    img, t = page.shot("dropped"), page.title()
    out.append((t == want, "e. after dropping %s the title is %r (seen %r)" % (name, want, t), [img]))
    return out


def check_picker(page, state):
    """Ctrl+O opens the browser's file picker; the scene file picked there opens."""
    name = PICK_SCENE + ".json"
    want = TITLE_PREFIX + json.loads(read_scene(PICK_SCENE))["title"]
    out = loaded(page, "e. picked file")
    page.cdp.call("Page.setInterceptFileChooserDialog", enabled=True)
    try:
        page.cdp.choosers.clear()
        page.cdp.eval("glcanvas.focus()")
        page.cdp.key("o", ctrl=True)
        end = time.time() + 10
        while not page.cdp.choosers and time.time() < end:
            page.cdp.pump(0.25)
        out.append((bool(page.cdp.choosers), "e. Ctrl+O opens the browser's file picker", []))
        if page.cdp.choosers:
            path = os.path.abspath(os.path.join(SCENES, name))
            page.cdp.call("DOM.setFileInputFiles", files=[path],
                          backendNodeId=page.cdp.choosers[-1])
            page.cdp.pump(1.5)
            img, t = page.shot("picked"), page.title()
            out.append((t == want, "e. after picking %s the title is %r (seen %r)"
                        % (name, want, t), [img]))
    finally:
        page.cdp.call("Page.setInterceptFileChooserDialog", enabled=False)
    return out


def check_downloads(page, state):
    """Save (Ctrl+S) and the SVG export (Ctrl+Shift+E) arrive as downloads."""
    out = loaded(page, "f. downloads")
    folder = tempfile.mkdtemp(prefix="web-page-downloads-")
    try:
        page.cdp.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=folder)
        page.cdp.eval("glcanvas.focus()")
        page.cdp.key("s", ctrl=True)
        page.cdp.key("e", ctrl=True, shift=True)
        got, end = [], time.time() + 15
        while time.time() < end:
            got = sorted(f for f in os.listdir(folder) if not f.endswith(".crdownload"))
            if any(f.endswith(".json") for f in got) and any(f.endswith(".svg") for f in got):
                break
            page.cdp.pump(0.25)
        scenes = [f for f in got if f.endswith(".json")]
        svgs = [f for f in got if f.endswith(".svg")]
        title = None
        if scenes:
            with open(os.path.join(folder, scenes[0]), encoding="utf-8") as f:
                saved = json.load(f)
            title = saved.get("title")
            state["saved_view"] = saved.get("view")
        want = DEFAULT_TITLE[len(TITLE_PREFIX):]
        out.append((title == want, "f. Ctrl+S downloads the scene: %s (title %r, want %r)"
                    % (scenes or "no .json", title, want), []))
        text = ""
        if svgs:
            with open(os.path.join(folder, svgs[0]), encoding="utf-8") as f:
                text = f.read()
        out.append(("</svg>" in text, "f. Ctrl+Shift+E downloads the picture: %s (%d bytes)"
                    % (svgs or "no .svg", len(text)), []))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return out


def check_resize(page, state):
    """The page follows the browser window's size: canvas, panes and panel."""
    out = loaded(page, "g. resized window")
    w, h = 1000, 700
    page.cdp.call("Emulation.setDeviceMetricsOverride", width=w, height=h, deviceScaleFactor=1,
                  mobile=False)
    page.cdp.pump(2.0)
    try:
        img = page.shot("resized")
        cw, ch = page.cdp.eval("[glcanvas.width, glcanvas.height]")
        out.append(((cw, ch) == (w, h - HEADER), "g. canvas %dx%d in a %dx%d window, want %dx%d"
                    % (cw, ch, w, h, w, h - HEADER), [img]))
        for name, colour in (("A red", SHAPE_A), ("B green", SHAPE_B)):
            n = len(pixels_near(img, colour, OUTLINE_TOL))
            out.append((n >= MIN_OUTLINE_PIXELS, "g. %s pixels at %dx%d: %d, want >= %d"
                        % (name, w, h, n, MIN_OUTLINE_PIXELS), [img]))
    finally:
        page.cdp.call("Emulation.setDeviceMetricsOverride", width=W, height=H,
                      deviceScaleFactor=1, mobile=False)
    return out


def saved_at_the_same_scale(page, at_scale_1):
    """Ctrl+S at the present scale; whether the saved view's cameras have the scale (CSS pixels
    a world unit) of `at_scale_1`, the view saved at one pixel a CSS pixel, within 2 %."""
    folder = tempfile.mkdtemp(prefix="web-page-scale-")
    try:
        page.cdp.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=folder)
        page.cdp.eval("glcanvas.focus()")
        page.cdp.key("s", ctrl=True)
        view, end = None, time.time() + 15
        while view is None and time.time() < end:
            page.cdp.pump(0.25)
            for f in os.listdir(folder):
                if f.endswith(".json"):
                    with open(os.path.join(folder, f), encoding="utf-8") as fh:
                        view = json.load(fh).get("view")
        try:
            scales = [(view[p]["scale"], at_scale_1[p]["scale"]) for p in ("world", "config")]
            ok = all(abs(now - then) <= 0.02 * then for now, then in scales)
        except (TypeError, KeyError):
            scales, ok = "no view saved", False
        return (ok, "h. the view saved at scale 2 has the cameras' scale saved at scale 1 "
                "(CSS px a unit, scale 2 against scale 1: %s)" % (scales,), [])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check_scale(page, state):
    """On a screen of two pixels a CSS pixel (a Retina display, a browser at 200 %) the page
    draws everything at twice the pixels: the side panel takes the same share of the window as at
    one pixel a CSS pixel, not half of it (egui at one point a device pixel: text half-size)."""
    img1 = state.get("default") or page.shot("default")
    edge1 = world_pane(img1)[0]
    page.cdp.call("Emulation.setDeviceMetricsOverride", width=W, height=H, deviceScaleFactor=2,
                  mobile=False)
    try:
        out = loaded(page, "h. two pixels a CSS pixel")
        img2 = page.shot("scale-2")
        edge2 = world_pane(img2)[0]
        share1, share2 = edge1 / img1.w, edge2 / img2.w
        out.append((img2.w == 2 * W and abs(share2 - share1) < 0.15 * share1,
                    "h. at scale 2 the side panel ends at x=%d of %d (%.3f of the width), at "
                    "scale 1 at x=%d of %d (%.3f); want the same share within 15 %%"
                    % (edge2, img2.w, share2, edge1, img1.w, share1), [img1, img2]))
        for name, colour in (("A red", SHAPE_A), ("B green", SHAPE_B)):
            n = len(pixels_near(img2, colour, OUTLINE_TOL))
            out.append((n >= MIN_OUTLINE_PIXELS, "h. %s pixels at scale 2: %d, want >= %d"
                        % (name, n, MIN_OUTLINE_PIXELS), [img2]))
        # Saved there, the view keeps the size it has on screen: the world pane's scale in CSS
        # pixels a unit, as saved at scale 1 (check f), not twice it.
        out.append(saved_at_the_same_scale(page, state.get("saved_view")))
        # A drag there moves A as far as at scale 1 (mouse events are in CSS pixels).
        x0, x1 = world_pane(img2)
        red = pixels_near(img2, SHAPE_A, OUTLINE_TOL, x0, x1)
        if red:
            cx, cy = (c / 2 for c in centroid(red))
            dx, dy = DRAG
            press_and_move(page, (cx, cy), (dx, dy))
            page.cdp.mouse("mouseReleased", cx + dx, cy + dy, False)
            page.cdp.pump(1.0)
            try:
                a = scene_from_hash(page.cdp.eval("location.hash") or "")["a"]["position"]
                moved = a[0] - DEFAULT_A[0]
            except Exception:   # noqa: BLE001 - no scene in the hash: not moved
                moved = 0.0
            out.append((moved > MIN_WORLD_DX, "h. a drag by (%+d, %+d) CSS px at scale 2 moves A "
                        "by %.2f in x, want > %s" % (dx, dy, moved, MIN_WORLD_DX),
                        [page.shot("scale-2-dragged")]))
        else:
            out.append((False, "h. no red pixels of A in the world pane at scale 2", [img2]))
    finally:
        page.cdp.call("Emulation.setDeviceMetricsOverride", width=W, height=H,
                      deviceScaleFactor=1, mobile=False)
    return out


# ---- main ------------------------------------------------------------------------------------
def run_checks(page):
    """Runs every check, printing a line per result; returns (failed lines, images to save)."""
    failures, saved, state, dead = [], {}, {}, False
    for check in (check_default, check_drag, check_link, check_broken, check_drop,
                  check_picker, check_downloads, check_resize, check_scale):
        page.taken.clear()
        try:
            results = [(False, "%s not run: the page stopped answering" % check.__name__, [])] \
                if dead else check(page, state)
        except Exception as e:   # noqa: BLE001 - report it and go on with the other checks
            dead = isinstance(e, websocket.WebSocketException)
            seen = " | ".join(page.errors(("error", "warning")))[:400] or "none"
            results = [(False, "%s raised %s: %s (console errors and warnings: %s)"
                        % (check.__name__, type(e).__name__, e, seen), list(page.taken))]
        for ok, line, imgs in results:
            print({True: "PASS  ", False: "FAIL  ", None: "INFO  "}[ok] + line, flush=True)
            if ok is False:
                failures.append(line)
                saved.update((i.name, i) for i in imgs)
    return failures, saved


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("terminated"))   # still clean up
    if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], "index.html")):
        sys.exit("usage: web_page.py WEB_DIR   (WEB_DIR holds index.html, minkowski-lab.wasm, ...)")
    shots = os.environ.get("WEB_PAGE_SHOTS")
    if shots:
        os.makedirs(shots, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="web-page-test-")
    server, base = start_server(os.path.abspath(sys.argv[1]))
    proc, failures, saved = None, [], {}
    try:
        proc, port = start_browser(tmp)
        failures, saved = run_checks(Page(Cdp(port), base, shots))
    except Exception as e:   # noqa: BLE001 - the harness itself failed (no browser, ...)
        print("FAIL  harness: %s: %s" % (type(e).__name__, e))
        failures.append(str(e))
    finally:
        if proc:
            stop_browser(proc)
        server.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
    if saved:
        out = tempfile.mkdtemp(prefix="web-page-failures-")
        for name, img in saved.items():
            with open(os.path.join(out, name), "wb") as f:
                f.write(img.png)
        print("screenshots of the failed checks: %s" % out)
    print("%d check(s) failed" % len(failures) if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
