// Browser tests pass functions to page.evaluate; they run in Chromium, where these exist. The test
// project compiles against Node's types, so name them here (loosely) instead of adding the DOM lib.
declare const window: any;
declare const document: any;
declare const localStorage: any;
declare const location: any;
declare const navigator: any;
declare const sessionStorage: any;
declare function getComputedStyle(element: unknown): any;
