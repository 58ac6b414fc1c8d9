// What the pages share (the viewer, the live table, the statistics page), loaded before each
// page's own script.
"use strict";

// el("p", { class: "note", text: "…", onclick: f, hidden: true }, child, …): a new element. An
// attribute that is null, undefined or false is left out (true sets it empty); on… attributes are
// listeners; children that are not nodes become text, and null, undefined and false are skipped.
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
