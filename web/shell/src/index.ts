import './dev/share-react-renderers.js';
// The style sheet is part of the entry, so the page links it in <head> and paints styled from the first frame.
import './styles/app.css';
import '@fontsource-variable/figtree/wght.css';
// The shell is not built with the federation plugin (docs/decisions/0103): React and the router are its own code, so
// the page starts at once, with no asynchronous boundary for shared modules to be agreed first.
import './bootstrap.js';
