// "Share my data…": the preview shows what leaves with redactions highlighted, consent gates the
// write, and the bundle written is the anonymised one.

#include "guisupport.h"
#include "i18n.h"
#include "import/importer.h"
#include "sharedialog.h"
#include "testsupport.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QTest>
#include <QTextBrowser>

using namespace sense7;

class TestShare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void previewHighlightsRedactions();
    void consentGatesTheWrite();
    void changingWhatLeavesAsksForConsentAgain();
    void studyConsentMustBeAgreedTo();
    void ratingsOnlyPreviewHasNoText();

private:
    std::unique_ptr<Store> makeStore(const QString &name);
    QTemporaryDir m_dir;
};

void TestShare::initTestCase()
{
    test::useOwnSettings(m_dir, QStringLiteral("share"));
    i18n::install(QLocale(QLocale::English));
}

std::unique_ptr<Store> TestShare::makeStore(const QString &name)
{
    auto store = Store::create(m_dir.filePath(name));
    test::addRatedExchange(
        *store, store->addParticipant(QStringLiteral("P07")), QStringLiteral("claude"),
        QStringLiteral("Letter for Maria"),
        QStringLiteral("I'm Maria Lopez from Globex; reach me at maria@globex.com."),
        QStringLiteral("Happy to help, Maria. Call +1 (555) 010-7788 for details."), 5);
    return store;
}

void TestShare::previewHighlightsRedactions()
{
    auto store = makeStore(QStringLiteral("preview.sense7"));
    ShareDialog dialog(*store, 0);
    dialog.show();
    QCOMPARE(dialog.conversationList()->count(), 1);
    dialog.terms()->setText(QStringLiteral("Maria Lopez, Maria, Globex"));
    QTRY_VERIFY(dialog.previewHtml().contains(QStringLiteral("class=\"redacted\"")));
    const QString html = dialog.previewHtml();
    QCOMPARE(html.count(QStringLiteral("class=\"redacted\"")), 6); // 1 in the title, 3 and 2
    for (const char *secret : {"Maria", "Globex", "maria@globex.com", "010-7788"})
        QVERIFY2(!html.contains(QLatin1String(secret)), secret);
    QVERIFY(html.contains(QStringLiteral("Happy to help, ")));
    QVERIFY(html.contains(exporter::pseudonym(*store, store->participants().first().id)));
    QVERIFY(!html.contains(QStringLiteral("P07")));
    QTRY_VERIFY(dialog.findChild<QLabel *>(QStringLiteral("shareSummary"))
                    ->text()
                    .contains(QStringLiteral("6 redactions")));
    test::keepScreenshot(&dialog, QStringLiteral("share-dialog.png"));
}

void TestShare::consentGatesTheWrite()
{
    auto store = makeStore(QStringLiteral("consent.sense7"));
    ShareDialog dialog(*store, 0);
    dialog.terms()->setText(QStringLiteral("Maria, Globex"));
    QVERIFY(!dialog.saveButton()->isEnabled());
    const QString path = m_dir.filePath(QStringLiteral("shared.json"));
    // Without consent nothing is written.
    bool refused = false;
    try {
        dialog.saveTo(path);
    } catch (const Error &e) {
        refused = e.message().contains(QStringLiteral("consent"));
    }
    QVERIFY(refused);
    QVERIFY(!QFile::exists(path));

    dialog.consent()->setChecked(true);
    // The SENSE-7 protocol's consent text must be agreed to as well.
    QVERIFY(!dialog.saveButton()->isEnabled());
    dialog.agree()->setChecked(true);
    QVERIFY(dialog.saveButton()->isEnabled());
    QCOMPARE(dialog.saveTo(path).conversations, qint64(1));
    const QString text = QString::fromUtf8(test::readFile(path));
    QVERIFY(!text.contains(QStringLiteral("Maria")));
    QVERIFY(!text.contains(QStringLiteral("globex"), Qt::CaseInsensitive));
    QVERIFY(!text.contains(QStringLiteral("P07")));
    auto study = Store::create(m_dir.filePath(QStringLiteral("study.sense7")));
    import::Importer importer(*study);
    QCOMPARE(importer.importFile(path).imported, 1);
    QCOMPARE(study->info().ratings, qint64(1));
}

void TestShare::changingWhatLeavesAsksForConsentAgain()
{
    auto store = makeStore(QStringLiteral("again.sense7"));
    ShareDialog dialog(*store, 0);
    dialog.consent()->setChecked(true);
    dialog.terms()->setText(QStringLiteral("Maria"));
    QVERIFY(!dialog.consent()->isChecked());
    QVERIFY(!dialog.saveButton()->isEnabled());
    dialog.consent()->setChecked(true);
    dialog.ratingsOnly()->setChecked(true);
    QVERIFY(!dialog.consent()->isChecked());
    dialog.consent()->setChecked(true);
    dialog.code()->setText(QStringLiteral("S-12"));
    QVERIFY(!dialog.consent()->isChecked());
    QCOMPARE(dialog.options().anonymise.participantCode, QStringLiteral("S-12"));
}

void TestShare::studyConsentMustBeAgreedTo()
{
    auto store = makeStore(QStringLiteral("agree.sense7"));
    ShareDialog dialog(*store, 0);
    // A protocol without consent text: the preview's consent box is enough.
    Protocol study = store->protocol();
    study.consent.clear();
    dialog.showStudyConsent(study);
    QVERIFY(!dialog.agree()->isVisibleTo(&dialog));
    QVERIFY(!dialog.studyConsent()->isVisibleTo(&dialog));

    study.consent = QStringLiteral("Your ratings are kept for five years and used only for "
                                   "research on conversational continuity.");
    dialog.showStudyConsent(study);
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QVERIFY(dialog.studyConsent()->isVisible());
    QCOMPARE(dialog.studyConsent()->toPlainText(), study.consent);
    QVERIFY(dialog.agree()->isVisible());
    QVERIFY(!dialog.agree()->isChecked());

    // The preview's box alone does not let anything leave.
    dialog.consent()->setChecked(true);
    QVERIFY(!dialog.saveButton()->isEnabled());
    const QString path = m_dir.filePath(QStringLiteral("agreed.json"));
    QString refusal;
    try {
        dialog.saveTo(path);
    } catch (const Error &e) {
        refusal = e.message();
    }
    QVERIFY2(refusal.contains(QStringLiteral("I agree")), qPrintable(refusal));
    QVERIFY(!QFile::exists(path));

    // Agreeing by keyboard (its mnemonic) enables the write.
    QTest::keyClick(&dialog, Qt::Key_A, Qt::AltModifier);
    QTRY_VERIFY(dialog.agree()->isChecked()); // a mnemonic clicks after a short animation
    QVERIFY(dialog.saveButton()->isEnabled());
    test::keepScreenshot(&dialog, QStringLiteral("share-consent.png"));
    QCOMPARE(dialog.saveTo(path).conversations, qint64(1));
    QVERIFY(QFile::exists(path));

    // A study that does not share refuses whatever is ticked.
    study.sharing = false;
    dialog.showStudyConsent(study);
    dialog.consent()->setChecked(true);
    QVERIFY(!dialog.saveButton()->isEnabled());
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("shareClosed"))->isVisible());
    QVERIFY_THROWS_EXCEPTION(Error, dialog.saveTo(m_dir.filePath(QStringLiteral("no.json"))));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("no.json"))));
}

void TestShare::ratingsOnlyPreviewHasNoText()
{
    auto store = makeStore(QStringLiteral("only.sense7"));
    ShareDialog dialog(*store, 0);
    dialog.ratingsOnly()->setChecked(true);
    const QString html = dialog.preview()->toPlainText();
    QVERIFY(!html.contains(QStringLiteral("help")));
    QVERIFY(!html.contains(QStringLiteral("Letter")));
    QCOMPARE(html.count(QStringLiteral("(message text not shared)")), 2);
    QVERIFY(dialog.options().anonymise.ratingsOnly);
}

QTEST_MAIN(TestShare)
#include "tst_share.moc"
