package io.tpkit.report;

/** Escaping for text and attribute values in the generated pages. */
final class Html {
    private Html() {
    }

    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    static final String STYLE = """
            body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px auto;max-width:960px;color:#222}
            h1{font-size:22px;margin-bottom:4px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
            .sub{color:#666}table{border-collapse:collapse;margin:8px 0;display:block;max-width:100%;overflow-x:auto}td,th{padding:3px 10px;border-bottom:1px solid #eee;text-align:right}
            th:first-child,td:first-child{text-align:left}.pass{color:#2a7a2a}.fail{color:#b00020;font-weight:600}.na{color:#888}
            .chart{width:100%;height:auto;background:#fcfcfc;border:1px solid #eee}.grid{stroke:#e6e6e6}
            .tick{font-size:10px;fill:#666}.axis{font-size:11px;fill:#444}.band{fill:#f0f0f0}.band-label{font-size:10px;fill:#999}
            .marker{stroke:#b00020;stroke-dasharray:3 3;stroke-width:1.2}.legend span{margin-right:14px;font-size:12px}
            .legend i{display:inline-block;width:12px;height:3px;margin-right:4px;vertical-align:middle}
            .legend i.marker-key{border-top:2px dashed #b00020;height:0}.verdict{font-size:16px;font-weight:600}
            .legend i.stall-key{height:10px;background:repeating-linear-gradient(45deg,#fde8ea 0 3px,#e57373 3px 5px)}
            .axis-line{stroke:#999}.legend{margin-bottom:6px}h3{font-size:14px;margin:16px 0 4px;font-weight:600}
            .banner{background:#b00020;color:#fff;font-weight:700;padding:8px 12px;border-radius:3px}
            table.facts td{text-align:left}table.facts td:first-child{color:#555;white-space:nowrap}
            #rules td:first-child,#rules td:nth-child(2){white-space:nowrap}
            code{background:#f4f4f4;padding:1px 4px}
            """;
}
