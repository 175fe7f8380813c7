package main

import "fmt"

// footerSize is what DuckDB reads from the end of an extension file
// (extension.hpp: FOOTER_SIZE 512, of which the last 256 bytes are the
// signature).
const footerSize = 512

// customSection is the WebAssembly custom-section header DuckDB's own
// scripts write before the footer: id 0, LEB128 size 531, name length 16,
// "duckdb_signature", LEB128 512. Native loaders ignore it; we keep parity.
var customSection = append(append([]byte{0x00, 0x93, 0x04, 0x10}, "duckdb_signature"...), 0x80, 0x04)

// Footer returns the bytes appended to the shared library: the custom
// section header, then eight 32-byte NUL-padded ASCII fields stored from
// field 8 down to field 1 (unused ×3, ABI type, extension version, C API
// version, platform, magic "4"), then a zero 256-byte signature (unsigned).
func Footer(platform, version string) ([]byte, error) {
	fields := []string{"", "", "", abiType, version, capiVersion, platform, "4"}
	out := append([]byte(nil), customSection...)
	for _, f := range fields {
		if len(f) > 32 {
			return nil, fmt.Errorf("footer field %q is longer than 32 bytes", f)
		}
		var b [32]byte
		copy(b[:], f)
		out = append(out, b[:]...)
	}
	out = append(out, make([]byte, 256)...)
	if len(out)-len(customSection) != footerSize {
		panic("footer size")
	}
	return out, nil
}
