//! Links the `planfile` command as a position-dependent executable on
//! Linux with glibc (BENCHMARKS.md, "Start-up"). A plan engine call lasts
//! about a millisecond, and a position-independent executable spends a
//! third of its start-up applying the dynamic loader's ten thousand
//! relative relocations to pages it then has to copy; at a fixed address
//! there are none. The library, the tests and other targets are left as
//! they are.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
