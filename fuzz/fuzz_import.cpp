// libFuzzer harness for the importers: each input is imported, as the format this target was
// built for (SENSE7_FUZZ_FORMAT; empty: detected from the content), into an in-memory data set
// that already holds conversations for ratings to attach to. Every import is rolled back, so
// each input meets the same data set. An Error is the expected answer to a broken input; a
// crash, a sanitizer report, a hang, an exception of any other type, or a row that breaks one of
// the schema's constraints (the import writes with SQLite's CHECK constraints off) is a bug.

#include "browse/select.h"
#include "error.h"
#include "import/importer.h"
#include "sqlite.h"
#include "store.h"

#include <QFile>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <unistd.h>

using namespace sense7;

namespace {

Store &store()
{
    static std::unique_ptr<Store> instance = [] {
        auto s = Store::create(QStringLiteral(":memory:"));
        s->addParticipant(QStringLiteral("P01"));
        import::Importer importer(*s);
        importer.importFile(QStringLiteral(SENSE7_TEST_DATA "/import/conversations.csv"));
        return s;
    }();
    return *instance;
}

QString inputPath()
{
    static const QString path =
        QStringLiteral("/dev/shm/sense7-fuzz-%1.input").arg(QString::number(getpid()));
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    {
        QFile file(inputPath());
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            abort();
        file.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    Store &s = store();
    import::Options options;
    options.format = QStringLiteral(SENSE7_FUZZ_FORMAT);
    options.participant = QStringLiteral("P01");
    options.annotator = QStringLiteral("fuzz"); // ratings files without an annotator column
    s.tryOut([&] { // rolled back: the data set stays as it is
        try {
            import::Importer importer(s);
            importer.importFile(inputPath(), options);
        } catch (const Error &) {
            return;
        }
        // Within the import's rollback, what it wrote still meets every constraint.
        if (browse::connection(s).pragmaText("PRAGMA quick_check") != QLatin1String("ok"))
            abort();
    });
    return 0;
}
