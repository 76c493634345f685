// The type of /vendor/qrcode.mjs (app/web.py serves node_modules' qrcode-generator there).
import qrcode from "qrcode-generator";
export default qrcode;
