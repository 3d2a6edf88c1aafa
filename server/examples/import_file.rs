//! Writes an employees bulk-upload file for the import benchmark (`tests/bench/import.sh`):
//! `import_file <rows> <out.xlsx> <N2> <N3> <N4> <N5> <N6> <N7> <Puesto>`.

use rust_xlsxwriter::Workbook;

const HEAD: &[&str] = &[
    "NumEmpleado*",
    "Nombre*",
    "CURP*",
    "Correo",
    "Genero",
    "N2*",
    "N3*",
    "N4*",
    "N5",
    "N6",
    "N7",
    "Puesto*",
    "FechaIngreso",
];

fn curp(i: usize) -> String {
    const L: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const C: &[u8] = b"BCDFGHJKLMNPQRSTVWXZ";
    let c = |n: usize| L[n % 26] as char;
    format!(
        "{}A{}{}{:02}0{}{:02}HNL{}{}{}0{}",
        c(i),
        c(i / 26),
        c(i / 676),
        (i / 17_576) % 100,
        1 + (i % 9),
        1 + (i % 28),
        C[i % 20] as char,
        C[(i / 20) % 20] as char,
        C[(i / 400) % 20] as char,
        i % 10
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 10 {
        return Err(
            "usage: import_file <rows> <out.xlsx> <N2> <N3> <N4> <N5> <N6> <N7> <Puesto>".into(),
        );
    }
    let rows: usize = args[1].parse()?;
    let org = &args[3..10];
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    for (c, h) in HEAD.iter().enumerate() {
        ws.write_string(0, c as u16, *h)?;
    }
    for i in 0..rows {
        let r = i as u32 + 1;
        ws.write_string(r, 0, format!("B{i:07}"))?;
        ws.write_string(r, 1, format!("Empleado Carga {i}"))?;
        ws.write_string(r, 2, curp(i))?;
        ws.write_string(r, 3, format!("carga{i}@sierramadre.mx"))?;
        ws.write_string(r, 4, if i % 2 == 0 { "H" } else { "M" })?;
        for (k, v) in org.iter().enumerate() {
            if !v.is_empty() {
                ws.write_string(r, 5 + k as u16, v)?;
            }
        }
        ws.write_string(r, 12, "2025-03-01")?;
    }
    wb.save(&args[2])?;
    Ok(())
}
