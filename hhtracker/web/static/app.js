// hhtracker serve: the little JavaScript the pages use (no inline script: the CSP allows
// 'self' only). Nothing here puts text from a hand history into the page as HTML.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  // a form whose button has data-confirm asks first (deleting a note)
  for (const form of document.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  }
  // the filter forms send only the fields given: bookmarkable addresses stay short
  for (const form of document.querySelectorAll("form.filters, form.search")) {
    form.addEventListener("submit", () => {
      for (const field of form.querySelectorAll("input, select")) {
        if (field.name && field.value === "") field.disabled = true;
      }
    });
  }
});
