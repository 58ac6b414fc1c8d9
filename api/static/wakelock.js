// Keeps the screen awake while a live table is open (the Screen Wake Lock API, where the browser
// has it; elsewhere the screen may dim as it always does). keepAwake(true) asks for the lock and
// asks again whenever the page becomes visible (the browser drops it when the tab is hidden);
// keepAwake(false) lets it go. document.body.dataset.awake says which it is ("1" held, "0" not).
"use strict";

const wakeLock = { wanted: false, sentinel: null, asking: false };

async function keepAwake(wanted) {
  wakeLock.wanted = wanted;
  if (!navigator.wakeLock) return;
  if (wanted && !wakeLock.sentinel && !wakeLock.asking && document.visibilityState === "visible") {
    wakeLock.asking = true;
    try {
      const sentinel = await navigator.wakeLock.request("screen");
      wakeLock.sentinel = sentinel;
      document.body.dataset.awake = "1";
      sentinel.addEventListener("release", () => {
        if (wakeLock.sentinel === sentinel) wakeLock.sentinel = null;
        document.body.dataset.awake = "0";
      });
    } catch (error) {
      // refused (a battery saver, a hidden tab): the screen may dim; nothing else changes
    } finally {
      wakeLock.asking = false;
    }
    if (!wakeLock.wanted) keepAwake(false); // the table finished while the lock was asked for
  } else if (!wanted && wakeLock.sentinel) {
    const sentinel = wakeLock.sentinel;
    wakeLock.sentinel = null;
    document.body.dataset.awake = "0";
    await sentinel.release();
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wakeLock.wanted) keepAwake(true);
});
