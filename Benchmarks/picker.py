#!/usr/bin/env python3
"""The web picker in the browser, measured with the Performance API (headless Chromium, a real
`photosource serve` on loopback; scripts/picker_harness.py starts both).

- Opening an album of 12 MP JPEGs until its first 24 thumbnails are painted: cold (a fresh
  service: every thumbnail rendered from the original) and warm (a new session, so new signed
  URLs the browser has not cached, on the same service: thumbnails from its cache).
- Scrolling a 10,000-photo album end to end: long tasks (PerformanceObserver 'longtask'), and
  frames drawn against the frames the scroll took (requestAnimationFrame).

Usage: Benchmarks/picker.py [path/to/photosource]   (RUNS=3, HUGE=10000)
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import picker_harness as h  # noqa: E402

PAINTED = """
const done = arguments[arguments.length - 1];
const started = performance.now();
arguments[0].click();
function check() {
  const images = [...document.querySelectorAll('.cell[role=option] img')].slice(0, 24);
  if (images.length >= 24 && images.every((image) => image.complete && image.naturalWidth > 0)) {
    requestAnimationFrame(() => done(performance.now() - started));
  } else {
    requestAnimationFrame(check);
  }
}
check();
"""

SCROLL = """
const done = arguments[arguments.length - 1];
const total = arguments[0];
const scroller = document.getElementById('scroller');
const long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) long.push(e.duration); }).observe({type: 'longtask'});
let frames = 0, last = performance.now(), dropped = 0;
const started = last;
function frame(now) {
  frames += 1;
  dropped += Math.max(0, Math.round((now - last) / 16.7) - 1);
  last = now;
  scroller.scrollTop += scroller.clientHeight;
  const shown = Math.max(0, ...[...document.querySelectorAll('.cell[role=option]')].map((c) => +c.getAttribute('aria-posinset')));
  if (shown >= total || now - started > 600000) done({frames, dropped, long, seconds: (now - started) / 1000, shown});
  else requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
"""


def big_photos(folder, count):
    """`count` 12 MP JPEGs (4000×3000, noise: the slowest kind to decode) made with vips."""
    folder.mkdir(parents=True)
    seed = folder / "seed.jpg"
    subprocess.run(["vips", "gaussnoise", str(seed) + "[Q=85]", "4000", "3000"], check=True)
    for index in range(count):
        os.link(seed, folder / f"big-{index + 1:03d}.jpg")
    seed.unlink()


def open_album(service, driver, album):
    driver.get(service.picker.replace("TOKEN", service.session()) + "&product=4x6")
    h.wait(driver, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    driver.find_element("css selector", '#sources button[data-source="local-3"]').click()
    cell = h.wait(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('.cell[role=option]')].find(c => c.getAttribute('aria-label') === arguments[0]) || null",
        f"Album {album}"))
    return cell


def main():
    release = ROOT / ".build" / "release" / "photosource"
    binary = sys.argv[1] if len(sys.argv) > 1 else str(release if release.exists() else ROOT / ".build" / "debug" / "photosource")
    runs = int(os.environ.get("RUNS", "3"))
    huge = int(os.environ.get("HUGE", "10000"))
    rows = []
    cold, warm = [], []
    driver = h.chromium()
    try:
        for run in range(runs):
            work = h.temporary_folder()
            service = h.Service_(binary, work, [], huge if run == 0 else 0)
            service.start()
            try:
                big_photos(service.library / "Big", 30)
                if run == 0:
                    service.make_photos()
                cold.append(driver.execute_async_script(PAINTED, open_album(service, driver, "Big")))
                warm.append(driver.execute_async_script(PAINTED, open_album(service, driver, "Big")))
                if run == 0:
                    driver.set_script_timeout(900)
                    cell = open_album(service, driver, "Huge")
                    cell.click()
                    h.wait(driver, lambda d: d.execute_script("return document.querySelectorAll('.cell[role=option] img').length > 0"))
                    scroll = driver.execute_async_script(SCROLL, huge)
            finally:
                service.stop()
                shutil.rmtree(work, ignore_errors=True)
    finally:
        driver.quit()
    median = lambda values: sorted(values)[len(values) // 2]  # noqa: E731
    rows.append(("first 24 thumbnails painted, cold (12 MP originals)", f"{median(cold):.0f} ms", "< 2,000 ms", ", ".join(f"{v:.0f}" for v in cold)))
    rows.append(("first 24 thumbnails painted, warm", f"{median(warm):.0f} ms", "< 300 ms", ", ".join(f"{v:.0f}" for v in warm)))
    long_tasks = scroll["long"]
    rows.append((f"{huge:,}-photo album scrolled end to end", f"{scroll['seconds']:.1f} s, {scroll['frames']} frames, {scroll['dropped']} dropped",
                 "no long task", f"{len(long_tasks)} long tasks" + (f", longest {max(long_tasks):.0f} ms" if long_tasks else "")))
    print(f"| measure | median of {runs} | goal | runs |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
