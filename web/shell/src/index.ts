import './dev/share-react-renderers.js';
// The style sheet is part of the entry, so the page links it in <head> and paints styled from the first frame.
import './styles/app.css';
import '@fontsource-variable/figtree/wght.css';

// The asynchronous boundary module federation needs: shared modules (React, the router) are agreed with the
// remotes before any code that imports them runs.
import('./bootstrap');
