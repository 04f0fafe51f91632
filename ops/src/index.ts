// The host provides its shared modules eagerly from this chunk (webpack/shared.js); the
// app itself follows once the federation runtime is set up.
import(/* webpackMode: "eager" */ './start');
