// libFuzzer harness for the instrument (taxonomy), form and study protocol loaders, which read
// JSON a research team writes by hand: SENSE7_FUZZ_FORMAT is "taxonomy", "form" or "protocol".

#include "error.h"
#include "forms.h"
#include "protocol.h"
#include "taxonomy.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

using namespace sense7;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    try {
        if (std::strcmp(SENSE7_FUZZ_FORMAT, "taxonomy") == 0) {
            const Instrument instrument = taxonomy::parse(json, QStringLiteral("fuzz.json"));
            for (const Dimension &d : instrument.dimensions) {
                if (d.scaleMin > d.scaleMax)
                    abort(); // a loaded instrument is one the studio can show
            }
        } else if (std::strcmp(SENSE7_FUZZ_FORMAT, "protocol") == 0) {
            const Protocol p = protocol::parse(json, QStringLiteral("fuzz.json"));
            for (const Instrument &instrument : p.instruments) {
                for (const Dimension &d : instrument.dimensions) {
                    const int points = d.scaleMax - d.scaleMin + 1;
                    if (points < 2 || points > protocol::maxScalePoints || d.scaleMin < -100
                        || d.scaleMax > 100)
                        abort(); // validation let a scale through that the studio cannot show
                    const QVector<int> order = p.dimensionOrder(instrument.dimensions, size);
                    if (order.size() != instrument.dimensions.size())
                        abort();
                }
            }
            // Its canonical form reads back as the same protocol.
            if (protocol::parse(p.definition, QStringLiteral("canonical")).fingerprint()
                != p.fingerprint())
                abort();
        } else {
            forms::parse(json, QStringLiteral("fuzz.json"));
        }
    } catch (const Error &) { }
    return 0;
}
