// minkowski-lab's page side: what only a page can do, for the program's browser host
// (src/app/host/web.rs): the link in the address bar, local storage, downloads, the file
// picker, the clipboard, the title, a message if the program stops. A plugin of macroquad's
// loader (mq_js_bundle.js), which must be loaded first.
"use strict";
(function () {
  const MAX_FILE_BYTES = 64 * 1024 * 1024; // as the program's own limit for a scene file
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // Data for the program goes in two calls: a function stages bytes and returns their length
  // (-1: nothing), then mlab_take copies them into the program's buffer of that length.
  let staged = new Uint8Array(0);
  const stage = (bytes) => { staged = bytes; return bytes.length; };
  const stageText = (text) => stage(encoder.encode(text));
  const text = (ptr, len) => decoder.decode(new Uint8Array(wasm_memory.buffer, ptr, len));
  const bytes = (ptr, len) => new Uint8Array(wasm_memory.buffer, ptr, len).slice();

  const fragment = () => location.hash.replace(/^#/, "");
  // A link followed in this tab changes only the fragment: the page is not loaded again.
  let linkChanged = false;
  window.addEventListener("hashchange", () => { linkChanged = true; });

  // Unsaved changes are kept in local storage; only if that failed does leaving ask first.
  let unsaved = false;
  let storageFailed = false;
  window.addEventListener("beforeunload", (e) => {
    if (unsaved && storageFailed) { e.preventDefault(); e.returnValue = ""; }
  });

  // Files picked with the browser's picker, waiting for the program: {name, body | null}.
  const picks = [];
  let pickedBody = null;
  let input = null;
  async function read(file) {
    let body = null;
    if (file.size <= MAX_FILE_BYTES) {
      try { body = new Uint8Array(await file.arrayBuffer()); } catch (e) { body = null; }
    }
    picks.push({ name: file.name, body });
  }
  function pick() {
    if (!input) {
      input = document.createElement("input");
      input.type = "file";
      input.accept = ".json,application/json";
      input.style.display = "none";
      input.addEventListener("change", async () => {
        for (const f of input.files) await read(f);
        input.value = "";
        canvas.focus();
      });
      document.body.appendChild(input);
    }
    input.click();
  }

  // Set when the clipboard refused the link (asked for by the program once a frame).
  let copyFailed = false;
  function copy(link) {
    const fallback = () => {
      const area = document.createElement("textarea");
      area.value = link;
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      let done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      area.remove();
      canvas.focus();
      if (!done) copyFailed = true;
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).catch(fallback);
    else fallback();
  }

  function download(name, mime, data) {
    const url = URL.createObjectURL(new Blob([data], { type: mime }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  // The program's first frame: the loading line goes, and the time since the page began
  // loading is kept for measuring (window.minkowskiLabFirstFrameMs).
  function started() {
    if (window.minkowskiLabFirstFrameMs === undefined) window.minkowskiLabFirstFrameMs = performance.now();
    const loading = document.getElementById("loading");
    if (loading) loading.remove();
  }

  function stopped(message) {
    console.error("minkowski-lab: " + message);
    const box = document.getElementById("stopped");
    if (!box) return;
    box.querySelector("pre").textContent = message;
    box.hidden = false;
  }

  function register(importObject) {
    const env = importObject.env;
    env.mlab_take = (ptr) => {
      new Uint8Array(wasm_memory.buffer, ptr, staged.length).set(staged);
      staged = new Uint8Array(0);
    };
    env.mlab_fragment = () => stageText(fragment());
    env.mlab_set_fragment = (ptr, len) => {
      const f = text(ptr, len);
      if (fragment() !== f) history.replaceState(history.state, "", "#" + f);
    };
    env.mlab_link_changed = () => { const c = linkChanged; linkChanged = false; return c ? 1 : 0; };
    env.mlab_copy_failed = () => { const c = copyFailed; copyFailed = false; return c ? 1 : 0; };
    env.mlab_copy_link = (ptr, len) => copy(location.href.split("#")[0] + "#" + text(ptr, len));
    env.mlab_download = (n, nl, m, ml, d, dl) => download(text(n, nl), text(m, ml), bytes(d, dl));
    env.mlab_storage_get = (k, kl) => {
      try {
        const v = localStorage.getItem(text(k, kl));
        return v === null ? -1 : stageText(v);
      } catch (e) { return -1; }
    };
    env.mlab_storage_set = (k, kl, v, vl) => {
      const key = text(k, kl);
      try { localStorage.setItem(key, text(v, vl)); storageFailed = false; return 1; }
      catch (e) {
        // An older copy must not be offered back as if it were the latest work.
        try { localStorage.removeItem(key); } catch (e2) { }
        storageFailed = true;
        return 0;
      }
    };
    env.mlab_storage_remove = (k, kl) => { try { localStorage.removeItem(text(k, kl)); } catch (e) { } };
    env.mlab_pick_file = pick;
    env.mlab_next_pick = () => {
      const p = picks.shift();
      if (!p) return -1;
      pickedBody = p.body;
      return stageText(p.name);
    };
    env.mlab_pick_body = () => { const b = pickedBody; pickedBody = null; return b ? stage(b) : -1; };
    env.mlab_set_title = (ptr, len) => { document.title = text(ptr, len); started(); };
    env.mlab_set_unsaved = (u) => { unsaved = u !== 0; };
    env.mlab_panic = (ptr, len) => stopped(text(ptr, len));
    env.mlab_warn = (ptr, len) => console.warn("minkowski-lab: " + text(ptr, len));
    // An exception must not cross into the program (it would stop the page mid-frame): each
    // function says what went wrong in the console and returns "nothing".
    for (const name of Object.keys(env)) {
      if (!name.startsWith("mlab_")) continue;
      const f = env[name];
      env[name] = (...args) => {
        try { return f(...args); }
        catch (e) { console.warn("minkowski-lab: " + name + ": " + e); return -1; }
      };
    }
  }

  // The program's own shortcuts (Ctrl+S save, Ctrl+O open, Ctrl+E export) are not the
  // browser's (save the page, open a file, search).
  window.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && ["s", "o", "e"].includes(e.key.toLowerCase())) e.preventDefault();
  }, true);

  miniquad_add_plugin({ register_plugin: register, name: "minkowski_lab", version: 1 });
})();
