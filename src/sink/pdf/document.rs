//! A PDF document written as it goes: pages (and forms) reach the output when they are added;
//! what every page shares is written once at the end.
//!
//! Contract: objects are numbered in the order they are written, so the same pages give the same
//! bytes: no clock, no random file ID, no producer string. Every page and every frame form refers
//! to one resource dictionary (written last) naming every shared drawing, every Type3 font and
//! every frame form; shared drawings are written the first time a page names them. Memory holds
//! the objects' offsets and the characters used, never a page after it is added. The file ends
//! with a classic cross-reference table (pdf-writer's `Pdf` keeps the whole file in memory, so
//! the table and trailer are written here, by their fixed layout).

use crate::draw::pdf::content::{EncodedContent, Form, Uses};
use crate::draw::pdf::forms::{form_content, glyph_procedure};
use crate::error::Error;
use crate::font::Glyphs;
use crate::scene::theme::Theme;
use pdf_writer::types::{SystemInfo, UnicodeCmap};
use pdf_writer::{Chunk, Filter, Finish, Name, Rect, Ref, Settings, Str};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

const CATALOG: Ref = Ref::new(1);
const PAGE_TREE: Ref = Ref::new(2);
const RESOURCES: Ref = Ref::new(3);

/// A document being written into `W`.
pub struct PdfDocument<W: Write> {
    out: W,
    written: u64,
    /// Offset of every object, by number (index 0 unused).
    offsets: Vec<u64>,
    next: i32,
    theme: Theme,
    glyphs: Glyphs,
    forms: BTreeMap<Form, Ref>,
    /// Frame forms (handouts) by name.
    named: Vec<(String, Ref)>,
    /// The characters of every text, by 256-code-point block.
    chars: BTreeMap<u32, BTreeSet<char>>,
    pages: Vec<Ref>,
}

fn chunk() -> Chunk {
    Chunk::with_settings(Settings { pretty: false })
}

impl<W: Write> PdfDocument<W> {
    /// Start a document in `theme`'s colours (boards are drawn in them).
    pub fn new(mut out: W, theme: &Theme) -> Result<Self, Error> {
        let header = b"%PDF-1.7\n%\x80\x80\x80\x80\n";
        out.write_all(header)?;
        Ok(PdfDocument {
            out,
            written: header.len() as u64,
            offsets: vec![0; 4],
            next: 4,
            theme: theme.clone(),
            glyphs: Glyphs::new(),
            forms: BTreeMap::new(),
            named: Vec::new(),
            chars: BTreeMap::new(),
            pages: Vec::new(),
        })
    }

    /// Pages added so far.
    pub fn pages(&self) -> usize {
        self.pages.len()
    }

    fn alloc(&mut self) -> Ref {
        let id = Ref::new(self.next);
        self.next += 1;
        self.offsets.push(0);
        id
    }

    /// Write one chunk holding the single object `id`.
    fn emit(&mut self, id: Ref, chunk: &Chunk) -> Result<(), Error> {
        self.offsets[id.get() as usize] = self.written;
        self.out.write_all(chunk.as_bytes())?;
        self.written += chunk.len() as u64;
        Ok(())
    }

    /// Define what `uses` names and has not been defined yet.
    fn define(&mut self, uses: &Uses) -> Result<(), Error> {
        for &form in &uses.forms {
            if self.forms.contains_key(&form) {
                continue;
            }
            let id = self.alloc();
            let (content, [x0, y0, x1, y1]) = form_content(form, &self.theme, &self.glyphs);
            let mut c = chunk();
            c.form_xobject(id, &content).bbox(Rect::new(x0, y0, x1, y1));
            self.emit(id, &c)?;
            self.forms.insert(form, id);
        }
        for &ch in &uses.chars {
            self.chars.entry(ch as u32 >> 8).or_default().insert(ch);
        }
        Ok(())
    }

    /// Write `content` as a stream object; returns its number.
    fn stream(&mut self, content: &EncodedContent) -> Result<Ref, Error> {
        self.define(&content.uses)?;
        let id = self.alloc();
        let mut c = chunk();
        c.stream(id, &content.deflated).filter(Filter::FlateDecode);
        self.emit(id, &c)?;
        Ok(id)
    }

    /// Add a page `size` points wide and tall showing `content`.
    pub fn add_page(&mut self, (width, height): (f32, f32), content: &EncodedContent) -> Result<(), Error> {
        let contents = self.stream(content)?;
        let id = self.alloc();
        let mut c = chunk();
        let mut page = c.page(id);
        page.parent(PAGE_TREE).media_box(Rect::new(0.0, 0.0, width, height)).contents(contents);
        page.pair(Name(b"Resources"), RESOURCES);
        page.finish();
        self.emit(id, &c)?;
        self.pages.push(id);
        Ok(())
    }

    /// Add `content` as a form `size` points wide and tall, named `name` in the shared resources
    /// (a frame placed on handout pages).
    pub fn add_form(
        &mut self,
        name: String,
        (width, height): (f32, f32),
        content: &EncodedContent,
    ) -> Result<(), Error> {
        self.define(&content.uses)?;
        let id = self.alloc();
        let mut c = chunk();
        let mut form = c.form_xobject(id, &content.deflated);
        form.bbox(Rect::new(0.0, 0.0, width, height));
        form.filter(Filter::FlateDecode);
        form.pair(Name(b"Resources"), RESOURCES);
        form.finish();
        self.emit(id, &c)?;
        self.named.push((name, id));
        Ok(())
    }

    /// Write the fonts, the shared resources, the page tree, the catalog and the cross-reference
    /// table; returns the output.
    pub fn finish(mut self) -> Result<W, Error> {
        let fonts = self.write_fonts()?;
        let mut c = chunk();
        let mut resources = c.indirect(RESOURCES).dict();
        let mut xobjects = resources.insert(Name(b"XObject")).dict();
        for (form, id) in &self.forms {
            xobjects.pair(Name(form.name().as_bytes()), *id);
        }
        for (name, id) in &self.named {
            xobjects.pair(Name(name.as_bytes()), *id);
        }
        xobjects.finish();
        let mut font_dict = resources.insert(Name(b"Font")).dict();
        for (block, id) in &fonts {
            font_dict.pair(Name(format!("F{block:x}").as_bytes()), *id);
        }
        font_dict.finish();
        resources.finish();
        self.emit(RESOURCES, &c)?;
        let mut c = chunk();
        c.pages(PAGE_TREE).kids(self.pages.iter().copied()).count(self.pages.len() as i32);
        self.emit(PAGE_TREE, &c)?;
        let mut c = chunk();
        c.indirect(CATALOG).dict().pair(Name(b"Type"), Name(b"Catalog")).pair(Name(b"Pages"), PAGE_TREE);
        self.emit(CATALOG, &c)?;
        self.write_xref()?;
        self.out.flush()?;
        Ok(self.out)
    }

    /// One Type3 font per block of 256 code points used, its glyphs the embedded font's outlines.
    fn write_fonts(&mut self) -> Result<Vec<(u32, Ref)>, Error> {
        let mut fonts = Vec::new();
        let blocks = std::mem::take(&mut self.chars);
        let scale = 1.0 / self.glyphs.units_per_em();
        for (block, chars) in blocks {
            let font = self.alloc();
            let cmap_id = self.alloc();
            let mut procs = Vec::new();
            for &ch in &chars {
                let id = self.alloc();
                let mut c = chunk();
                c.stream(id, &glyph_procedure(&self.glyphs, ch));
                self.emit(id, &c)?;
                procs.push((ch, id));
            }
            let code = |ch: char| (ch as u32 & 0xFF) as u8;
            let (first, last) = (code(*chars.first().expect("a block has chars")), code(*chars.last().expect("one")));
            let mut c = chunk();
            let mut t3 = c.type3_font(font);
            t3.bbox(Rect::new(0.0, 0.0, 0.0, 0.0)).matrix([scale, 0.0, 0.0, scale, 0.0, 0.0]);
            let mut names = t3.char_procs();
            for (ch, id) in &procs {
                names.pair(Name(format!("g{:x}", code(*ch)).as_bytes()), *id);
            }
            names.finish();
            let mut encoding = t3.encoding_custom();
            let mut differences = encoding.differences();
            for (ch, _) in &procs {
                differences.consecutive(code(*ch), [Name(format!("g{:x}", code(*ch)).as_bytes())]);
            }
            differences.finish();
            encoding.finish();
            t3.first_char(first).last_char(last);
            let widths = (first..=last).map(|k| {
                let ch = char::from_u32(block << 8 | u32::from(k)).filter(|ch| chars.contains(ch));
                ch.map_or(0.0, |ch| self.glyphs.advance_units(ch).round())
            });
            t3.widths(widths);
            t3.to_unicode(cmap_id);
            t3.finish();
            self.emit(font, &c)?;
            let info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"UCS"), supplement: 0 };
            let mut cmap = UnicodeCmap::<u8>::new(Name(b"Custom"), info);
            for &ch in &chars {
                cmap.pair(code(ch), ch);
            }
            let mut c = chunk();
            c.stream(cmap_id, &cmap.finish());
            self.emit(cmap_id, &c)?;
            fonts.push((block, font));
        }
        Ok(fonts)
    }

    /// The cross-reference table and the trailer.
    fn write_xref(&mut self) -> Result<(), Error> {
        let start = self.written;
        let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", self.offsets.len());
        for offset in &self.offsets[1..] {
            table.push_str(&format!("{offset:010} 00000 n \n"));
        }
        table.push_str(&format!(
            "trailer\n<</Size {}/Root {} 0 R>>\nstartxref\n{start}\n%%EOF\n",
            self.offsets.len(),
            CATALOG.get()
        ));
        self.out.write_all(table.as_bytes())?;
        self.written += table.len() as u64;
        Ok(())
    }
}
