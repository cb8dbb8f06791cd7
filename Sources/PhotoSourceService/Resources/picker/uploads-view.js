// "Upload from this device": a drop zone (announced to screen readers), a file button with
// accept="image/*" (the camera on phones) and a progress bar per file.
import { ApiError } from "./api.js";
import { upload } from "./upload.js";

const $ = (id) => document.getElementById(id);

export class Uploads {
  constructor({ onDone, report }) {
    Object.assign(this, { onDone, report });
    const zone = $("drop");
    $("file").addEventListener("change", (event) => { this.add([...event.target.files]); event.target.value = ""; });
    let depth = 0;
    document.addEventListener("dragenter", (event) => {
      if (!event.dataTransfer?.types?.includes("Files")) return;
      depth += 1;
      zone.classList.add("dragging");
      $("drop-status").textContent = "Drop the photos to upload them.";
    });
    document.addEventListener("dragleave", () => { depth = Math.max(0, depth - 1); if (!depth) zone.classList.remove("dragging"); });
    document.addEventListener("dragover", (event) => event.preventDefault());
    document.addEventListener("drop", (event) => {
      event.preventDefault();
      depth = 0;
      zone.classList.remove("dragging");
      this.add([...(event.dataTransfer?.files ?? [])]);
    });
  }

  /** Uploads `files` one after the other, each with its own row. */
  async add(files) {
    const images = files.filter((file) => file.type.startsWith("image/") || /\.(jpe?g|png|hei[cf])$/i.test(file.name));
    for (const file of files) if (!images.includes(file)) this.row(file).fail(`${file.name} is not a photo; only images can be printed.`);
    $("drop-status").textContent = `Uploading ${images.length} photo${images.length === 1 ? "" : "s"}.`;
    let done = 0;
    for (const file of images) {
      const row = this.row(file);
      try {
        await upload(file, (fraction) => row.progress(fraction), (seconds) => row.waiting(seconds));
        row.done();
        done += 1;
      } catch (error) {
        row.fail(refusal(file, error));
      }
    }
    $("drop-status").textContent = `Uploaded ${done} of ${images.length}.`;
    if (done) this.onDone();
  }

  row(file) {
    const item = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = file.name;
    const bar = document.createElement("progress");
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute("aria-label", `Uploading ${file.name}`);
    const state = document.createElement("span");
    state.className = "state";
    item.append(name, bar, state);
    $("uploads").append(item);
    return {
      progress: (fraction) => { bar.value = Math.round(fraction * 100); state.textContent = `${bar.value}%`; },
      waiting: (seconds) => { state.textContent = seconds ? `The service is busy; trying again in ${seconds} s.` : `${bar.value}%`; },
      done: () => { bar.value = 100; state.textContent = "Uploaded"; item.classList.add("done"); },
      fail: (text) => { name.remove(); bar.remove(); state.textContent = text; state.setAttribute("role", "alert"); item.classList.add("failed"); },
    };
  }
}

/** Why `file` did not upload: the service's own reason (its problem's detail), or the connection. */
function refusal(file, error) {
  if (!(error instanceof ApiError)) {
    return `${file.name} stopped: the connection failed. Choose it again to go on from where it stopped.`;
  }
  const size = error.status === 413 ? ` (${(file.size / 1048576).toFixed(1)} MB)` : "";
  return `${file.name}${size} was refused: ${error.message}`;
}
